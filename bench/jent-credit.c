// SPDX-License-Identifier: GPL-2.0
/*
 * jent-credit: seed the CRNG the way an integrator can without our series,
 * from the kernel's own jitterentropy_rng: read 32 bytes through AF_ALG,
 * with the calls libkcapi's kcapi-rng makes (socket, bind to the "rng" type
 * and "jitterentropy_rng", ALG_SET_KEY with the RNG's seed size, here none,
 * accept, read), then credit them as 256 bits with RNDADDENTROPY on
 * /dev/random.
 *
 * Needs CONFIG_CRYPTO_USER_API_RNG and CONFIG_CRYPTO_JITTERENTROPY
 * (qemu/variant/kcapi.config) and CAP_SYS_ADMIN. Built static for the bench's
 * kernel-jent scenario; writes nothing. Exit status 0 once credited, else the
 * step that failed: 1 socket, 2 bind, 3 setkey, 4 accept, 5 read, 6 credit.
 */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <linux/if_alg.h>
#include <linux/random.h>

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

enum { SEED_LEN = 32 };

/* Returns: 0, or the failed step (see the header). */
static int read_jent(unsigned char *buf, size_t len)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG };
	int tfm, op;
	ssize_t n;

	strcpy((char *)sa.salg_type, "rng");
	strcpy((char *)sa.salg_name, "jitterentropy_rng");
	tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (tfm < 0)
		return 1;
	if (bind(tfm, (struct sockaddr *)&sa, sizeof(sa)))
		return 2;
	if (setsockopt(tfm, SOL_ALG, ALG_SET_KEY, NULL, 0))
		return 3;
	op = accept(tfm, NULL, 0);
	if (op < 0)
		return 4;
	n = read(op, buf, len);
	close(op);
	close(tfm);
	return n == (ssize_t)len ? 0 : 5;
}

static int credit(const unsigned char *buf, size_t len)
{
	struct {
		struct rand_pool_info info;
		unsigned char buf[SEED_LEN];
	} req = { .info = { .entropy_count = 8 * SEED_LEN, .buf_size = SEED_LEN } };
	int fd = open("/dev/random", O_WRONLY);
	int ret;

	if (fd < 0)
		return -1;
	memcpy(req.buf, buf, len);
	ret = ioctl(fd, RNDADDENTROPY, &req);
	close(fd);
	return ret;
}

int main(void)
{
	unsigned char buf[SEED_LEN];
	int ret = read_jent(buf, sizeof(buf));

	if (ret)
		return ret;
	return credit(buf, sizeof(buf)) ? 6 : 0;
}
