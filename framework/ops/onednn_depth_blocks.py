"""How TensorFlow's oneDNN sgemm splits the depth of a float32 product deeper than 384.

TF 2.21's MatMul (a Dense layer's forward and gradients) calls oneDNN's ``dnnl_sgemm``. On an
AVX-512 CPU with TF's threadpool, that runs the "no-copy" sgemm for every product whose
``1/rows + 1/cols`` is at least 0.00196 (any product with fewer than about 1000 rows or
columns), and that driver sums the depth K in blocks: 384 terms while 768 or more remain,
then the rest in two halves (the first the larger). Each block is an in-order fused
multiply-add chain from +0, and its result is added to C (C = C + block, float32). So a
784-deep product (an MNIST Flatten -> Dense) is chain(0:384) + chain(384:584) + chain(584:784).
The threadpool cannot synchronise threads inside a product, so oneDNN never splits K among
threads here: the sums do not depend on the number of cores.

Measured against TF 2.21 on the project's AVX-512 Xeon (probes in notes/progs/deepdense):
Dense forward, kernel gradient x.T @ g (depth = batch) and input gradient g @ kernel.T
(depth = units, batches of 16+ rows) on 320 shapes (rows 2..1000, K 385..4096, units 2..1000):
every element equal to float64-exact FMA chains summed this way.

The forms oneDNN sends elsewhere are left to BLAS (``deep_blocks_wanted`` says no): large
products on both sides (its copy-based sgemm, other blocks) and a weight matrix whose row
length is a multiple of 1024 (oneDNN's "bad leading dimension" rules).
"""
import functools

_BLOCK = 384                 # oneDNN's BK for the AVX-512 no-copy sgemm
_FORCE_NO_COPY = 0.00196     # oneDNN's FORCE_NOCOPY_THRESH (nocopy_checker_avx512)
_VERY_BAD_LEADING = 1024     # VERYBAD_LD_MULT: a leading dimension oneDNN copies around


@functools.lru_cache(maxsize=64)
def depth_blocks(depth):
    """The (start, stop) slices of the depth that oneDNN's no-copy sgemm sums from +0 one by one
    (a tuple, kept per depth: a deep Dense layer asks on every batch)."""
    blocks = []
    start = 0
    while start < depth:
        rest = depth - start
        size = _BLOCK if rest >= 2 * _BLOCK else ((rest + 1) // 2 if rest > _BLOCK else rest)
        blocks.append((start, start + size))
        start += size
    return tuple(blocks)


def deep_blocks_wanted(rows, cols, depth, form):
    """Whether oneDNN sums a (rows, depth) @ (depth, cols) product in ``depth_blocks``.

    ``form`` is how TF's row-major MatMul reaches the column-major sgemm: 'forward' (x @ kernel),
    'kernel_grad' (x.T @ g) or 'input_grad' (g @ kernel.T); each has its own exceptions."""
    if 1.0 / rows + 1.0 / cols < _FORCE_NO_COPY:
        return False
    if form == 'forward':
        # the NN copy-based exception: a kernel of 1024k columns, deep, with 100+ rows
        return not (cols % _VERY_BAD_LEADING == 0 and depth > 500 and rows > 100)
    if form == 'kernel_grad':
        return cols % _VERY_BAD_LEADING != 0
    return True
