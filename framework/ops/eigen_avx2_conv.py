"""Conv2D's float32 sums in TensorFlow 2.21's order on an AVX2 CPU without oneDNN (an AMD EPYC).

There TF runs its own Conv2D kernel: Eigen's SpatialConvolution, which contracts the image patches
(N * OH * OW rows of KH * KW * C values, kernel rows, columns, then channels) with the kernel reshaped
to (KH * KW * C, O) in Eigen's tensor contraction, the one TF's MatMul runs: so each output is summed
as eigen_avx2_product sums a MatMul's (measured on TF 2.21 on the AMD EPYC, notes
progs/kerasexamples9/cv_tf2.py, cv_tp3.py: every output equal on all 352 random shapes of fewer than
73 rows, 1-8 images, 1-8 channels, 1x1 to 5x5 kernels, 2-20 filters, strides 1-2, SAME and VALID;
tapeflow's BLAS product of the same patches differed in the last bit on most of them, e.g. keras.io's
StandardizedConv2D recipe on 8x8 digits).

From 73 rows TF splits the rows into blocks (73-96 rows: two halves; 97-120: one block; 121-127: 48
rows, then two halves of the rest: notes cv_tf4.py, cv_tp5.py) and each block has its own last rows;
how that follows the number of threads is not known, so those sizes keep the BLAS product.
"""
from . import eigen_avx2_product

ROWS_LIMIT = 73     # from here TF's contraction splits the patches' rows into blocks (not modelled)


def wanted(cols, kernel):
    """Whether ``cols @ kernel`` (the patches and the reshaped kernel of a float32 Conv2D) is summed here:
    fewer than ROWS_LIMIT rows and a product eigen_avx2_product takes (this CPU, its sizes and mode)."""
    return cols.shape[0] < ROWS_LIMIT and eigen_avx2_product.wanted(cols, kernel)


def forward(cols, kernel):
    """The (N * OH * OW, O) outputs, in the order of TF's contraction on this CPU."""
    return eigen_avx2_product.eigen_avx2_matmul(cols, kernel)
