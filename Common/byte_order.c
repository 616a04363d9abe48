/* byte_order.c: little-endian fields and arrays (byte_order.h). */
#include "byte_order.h"

int byte_order_little_endian_host(void)
{
    const uint16_t one = 1;
    return *(const unsigned char *)&one == 1;
}

void byte_order_swap(void *data, size_t width, size_t count)
{
    unsigned char *p = data;
    for (size_t i = 0; i < count; ++i, p += width)
        for (size_t a = 0, b = width - 1; a < b; ++a, --b) {
            unsigned char t = p[a];
            p[a] = p[b];
            p[b] = t;
        }
}

uint32_t byte_order_get_u32(const unsigned char *p)
{
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

uint64_t byte_order_get_u64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i)
        v = v << 8 | p[i];
    return v;
}

void byte_order_put_u32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; ++i)
        p[i] = (unsigned char)(v >> (8 * i));
}

void byte_order_put_u64(unsigned char *p, uint64_t v)
{
    for (int i = 0; i < 8; ++i)
        p[i] = (unsigned char)(v >> (8 * i));
}
