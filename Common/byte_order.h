/* byte_order.h: the suite's binary files are little-endian whatever the host: fields read and
 * written byte by byte, and arrays swapped in place on a big-endian host (binary_io.c's pairs and
 * results, mesh_binary.c's meshes). */
#ifndef RAYTETRA_BYTE_ORDER_H
#define RAYTETRA_BYTE_ORDER_H

#include <stddef.h>
#include <stdint.h>

int byte_order_little_endian_host(void);

/* Reverses the bytes of each of `count` items of `width` bytes. */
void byte_order_swap(void *data, size_t width, size_t count);

uint32_t byte_order_get_u32(const unsigned char *p);
uint64_t byte_order_get_u64(const unsigned char *p);
void byte_order_put_u32(unsigned char *p, uint32_t v);
void byte_order_put_u64(unsigned char *p, uint64_t v);

#endif
