/* pcwrite.c: page-cache write throughput into one file: write(), pwrite by T threads, mmap by T threads. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static size_t total, chunk; static int fd, mode, nthreads; static char *src; static size_t next_chunk; static pthread_mutex_t lk=PTHREAD_MUTEX_INITIALIZER;
enum {M_PWRITE=1, M_MMAP=2, M_POP=3};
static void *work(void *a){(void)a; long pg=sysconf(_SC_PAGESIZE);
 for(;;){pthread_mutex_lock(&lk);size_t c=next_chunk++;pthread_mutex_unlock(&lk);
  size_t off=64+c*chunk; if(c*chunk>=total-64)break; size_t len=chunk; if(off+len>total)len=total-off;
  if(mode==M_PWRITE){ if(pwrite(fd,src,len,(off_t)off)!=(ssize_t)len){perror("pwrite");exit(1);} }
  else { size_t a0=off/pg*pg, mlen=off+len-a0; char*m=mmap(NULL,mlen,PROT_READ|PROT_WRITE,MAP_SHARED,fd,(off_t)a0); if(m==MAP_FAILED){perror("mmap");exit(1);}
   if(mode==M_POP && madvise(m,mlen,MADV_POPULATE_WRITE)!=0){perror("madvise");exit(1);}
   memcpy(m+(off-a0),src,len); munmap(m,mlen);} }
 return NULL;}
int main(int argc,char**argv){ if(argc<5){fprintf(stderr,"usage: pcwrite FILE BYTES MODE(write|pwrite|mmap|pop) THREADS [CHUNK]\n");return 2;}
 total=strtoull(argv[2],0,10); nthreads=atoi(argv[4]); chunk=argc>5?strtoull(argv[5],0,10):262144*112;
 mode=!strcmp(argv[3],"pwrite")?M_PWRITE:!strcmp(argv[3],"mmap")?M_MMAP:!strcmp(argv[3],"pop")?M_POP:0;
 src=malloc(chunk>4<<20?chunk:4<<20); memset(src,7,chunk>4<<20?chunk:4<<20);
 unlink(argv[1]); double t0=now(); fd=open(argv[1],O_RDWR|O_CREAT|O_TRUNC,0644); if(fd<0){perror("open");return 1;}
 if(mode==0){ if(fallocate(fd,FALLOC_FL_KEEP_SIZE,0,(off_t)total)!=0)perror("fallocate"); size_t done=0; while(done<total){size_t l=total-done<(4u<<20)?total-done:(4u<<20); if(write(fd,src,l)!=(ssize_t)l){perror("write");return 1;} done+=l;} }
 else { if(fallocate(fd,0,0,(off_t)total)!=0){perror("fallocate");return 1;}
  pthread_t th[256]; for(int i=0;i<nthreads;i++)pthread_create(&th[i],0,work,0); for(int i=0;i<nthreads;i++)pthread_join(th[i],0);}
 close(fd); double t1=now(); printf("%s threads %d bytes %zu: %.1f ms (%.2f GB/s)\n",argv[3],mode?nthreads:1,total,t1-t0,total/(t1-t0)/1e6); return 0;}
