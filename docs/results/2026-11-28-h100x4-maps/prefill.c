/* prefill.c: the output's page cache made first (phase 1, as during the devices' start), then the data written (phase 2). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#ifndef MADV_POPULATE_WRITE
#define MADV_POPULATE_WRITE 23
#endif
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static size_t total, slice; static int fd, pre; static char *src; static int nthreads; static size_t chunk=262144*112;
enum {P_NONE, P_POP, P_RA, P_ZERO};
static void *phase1(void *a){ size_t i=(size_t)a, lo=i*slice, hi=lo+slice>total?total:lo+slice; if(lo>=hi)return NULL;
 long pg=sysconf(_SC_PAGESIZE); lo=lo/pg*pg;
 if(pre==P_POP){ for(size_t o=lo;o<hi;o+=64<<20){size_t l=hi-o<(64u<<20)?hi-o:(64u<<20); char*m=mmap(NULL,l,PROT_READ|PROT_WRITE,MAP_SHARED,fd,(off_t)o); if(m==MAP_FAILED){perror("mmap");exit(1);} if(madvise(m,l,MADV_POPULATE_WRITE)){perror("madvise");exit(1);} munmap(m,l);} }
 else if(pre==P_RA){ if(readahead(fd,(off_t)lo,hi-lo)){perror("readahead");exit(1);} char b[4096]; for(size_t o=lo;o<hi;o+=4096) if(pread(fd,b,1,(off_t)o)<0){perror("pread");exit(1);} }
 else if(pre==P_ZERO){ static char z[4<<20]; for(size_t o=lo;o<hi;o+=sizeof z){size_t l=hi-o<sizeof z?hi-o:sizeof z; if(pwrite(fd,z,l,(off_t)o)!=(ssize_t)l){perror("pwrite");exit(1);}} }
 return NULL;}
static size_t nextc; static pthread_mutex_t lk=PTHREAD_MUTEX_INITIALIZER;
static void *mm2(void*a){(void)a; long pg=sysconf(_SC_PAGESIZE); for(;;){pthread_mutex_lock(&lk);size_t c=nextc++;pthread_mutex_unlock(&lk); size_t off=64+c*chunk; if(off>=total)break; size_t len=total-off<chunk?total-off:chunk; size_t a0=off/pg*pg; char*m=mmap(NULL,off+len-a0,PROT_READ|PROT_WRITE,MAP_SHARED,fd,(off_t)a0); if(m==MAP_FAILED){perror("mmap");exit(1);} memcpy(m+off-a0,src,len); munmap(m,off+len-a0);} return NULL;}
int main(int argc,char**argv){ if(argc<6){fprintf(stderr,"usage: prefill FILE BYTES PRE(none|pop|ra|zero) THREADS WRITE(write|mmap)\n");return 2;}
 total=strtoull(argv[2],0,10); nthreads=atoi(argv[4]); pre=!strcmp(argv[3],"pop")?P_POP:!strcmp(argv[3],"ra")?P_RA:!strcmp(argv[3],"zero")?P_ZERO:P_NONE; int wm=!strcmp(argv[5],"mmap");
 src=malloc(chunk); memset(src,7,chunk); unlink(argv[1]);
 double t0=now(); fd=open(argv[1],O_RDWR|O_CREAT|O_TRUNC,0644); if(fd<0){perror("open");return 1;}
 if(fallocate(fd,(pre==P_NONE&&!wm)?FALLOC_FL_KEEP_SIZE:0,0,(off_t)total)){perror("fallocate");return 1;}
 slice=(total+nthreads-1)/nthreads; pthread_t th[256];
 if(pre!=P_NONE){ for(long i=0;i<nthreads;i++)pthread_create(&th[i],0,phase1,(void*)i); for(int i=0;i<nthreads;i++)pthread_join(th[i],0);}
 double t1=now();
 if(!wm){ if(pwrite(fd,src,64,0)!=64)return 1; for(size_t o=64;o<total;o+=chunk){size_t l=total-o<chunk?total-o:chunk; if(pwrite(fd,src,l,(off_t)o)!=(ssize_t)l){perror("write");return 1;}} }
 else { nextc=0; for(int i=0;i<nthreads;i++)pthread_create(&th[i],0,mm2,0); for(int i=0;i<nthreads;i++)pthread_join(th[i],0);}
 double t2=now(); close(fd); double t3=now();
 printf("pre %-4s threads %2d then %-5s: phase1 %7.1f ms, phase2 %7.1f ms, close %5.1f ms\n",argv[3],nthreads,argv[5],t1-t0,t2-t1,t3-t2); return 0;}
