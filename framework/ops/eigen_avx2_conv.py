"""Conv2D's (and Conv3D's) float32 sums in TensorFlow 2.21's order on an AVX2 CPU without oneDNN (an AMD EPYC).

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

Conv3D (Eigen's CuboidConvolution) contracts its patches (kernel depth, rows, columns, then channels) the same way:
139 of 139 random shapes of fewer than 73 rows equal (notes c3_tf.py, c3_tp.py; convolution_nd.py, undilated).

The convolutions convolution_nd.py computes take the same contraction: tf.nn.conv2d / conv1d with dilations (TF's
Conv2D takes them itself: its patches are the dilated windows', strides too) and grouped ones (tf.nn.conv2d / conv1d,
tf.nn.convolution, keras.ops.conv and Keras's Conv1D / Conv2D(groups=...), whose XLA kernel gave the same bits), and
the 1-D ones it runs (ConvLSTM1D's: TF's Conv2D on a height-1 image; notes l14.py): each group's patches times its
kernel, as an undilated Conv2D's (notes progs/kerasexamples10/dl_tf.py, dl_model.py: 194 of
194 random shapes of fewer than 73 rows equal, dilations 1-3, strides 1-2, 2-3 groups, 1-D and 2-D, SAME and VALID).

Its gradient kernels (Conv2DCustomBackpropInput / Filter) run the same contraction: the input gradient is each
image's output gradient (OH * OW, O) times the kernel transposed (O, KH * KW * C), whose rows are then added onto a
zero image block by block in the output positions' order (col2im); the filter gradient is the patches transposed
(KH * KW * C, N * OH * OW) times the output gradient (N * OH * OW, O) (notes cvg_tf2.py, cvg_tp2.py: 375 of 377
and 375 of 379 random shapes equal; every miss a product of 73-96 rows, which these leave to BLAS too). So on this
CPU the input gradient, and the transposed convolutions that are that kernel (tf.nn.conv2d_transpose,
Conv2DTranspose), come here before conv_backprop_input_order, whose chains are TF's on the Xeon: through it only
19 of those 400 input gradients had TF's bits here (cvg_sweep.py).
"""
import numpy as np

from . import eigen_avx2_product

ROWS_LIMIT = 73     # from here TF's contraction splits the patches' rows into blocks (not modelled)


def wanted(cols, kernel):
    """Whether ``cols @ kernel`` (the patches and the reshaped kernel of a float32 Conv2D) is summed here:
    fewer than ROWS_LIMIT rows and a product eigen_avx2_product takes (this CPU, its sizes and mode)."""
    return cols.shape[0] < ROWS_LIMIT and eigen_avx2_product.wanted(cols, kernel)


def forward(cols, kernel):
    """The (N * OH * OW, O) outputs, in the order of TF's contraction on this CPU."""
    return eigen_avx2_product.eigen_avx2_matmul(cols, kernel)


def groups_wanted(cols, filters, geo):
    """Whether convolution_nd's (G, M, K) patches times its (G, K, O / G) kernels (WindowGeometry ``geo``: not a
    depthwise one) are summed here: a 1-D or 2-D convolution (TF's Conv2D: dilated, grouped), or an undilated
    Conv3D of one group (grouped or dilated 3-D ones: not measured)."""
    if len(geo.kernel) == 3 and (len(cols) != 1 or any(d != 1 for d in geo.dilations)):
        return False
    return wanted(cols[0], filters[0])      # (every group's product has the same shape)


def groups_forward(cols, filters):
    """The (G, M, O / G) outputs, each group's product in the order of TF's contraction on this CPU."""
    return np.stack([forward(group_cols, group_kernel) for group_cols, group_kernel in zip(cols, filters)])


def input_grad_wanted(g, f):
    """Whether the input gradient of a float32 Conv2D with filters ``f`` (KH, KW, C, O) and output gradient
    ``g`` (N, OH, OW, O) is summed here (each image's product fewer than ROWS_LIMIT rows; the batch's product one
    eigen_avx2_product takes, which bounds the work in the default mode)."""
    n, oh, ow, o = g.shape
    return 1 < oh * ow < ROWS_LIMIT and eigen_avx2_product.wanted(g.reshape(-1, o), f.reshape(-1, o).T)


def backprop_input(g, f, geo):
    """The (N, H, W, C) input gradient, as TF's kernel sums it on this CPU: per image a column buffer, then col2im."""
    n, oh, ow, o = g.shape
    kh, kw, c, _ = f.shape
    kernel_t = np.ascontiguousarray(f.reshape(-1, o).T)
    padded = geo.padded_zeros(g)
    sh, sw = geo.strides
    for m in range(n):
        buffer = forward(np.ascontiguousarray(g[m].reshape(-1, o)), kernel_t).reshape(oh, ow, kh, kw, c)
        for i in range(oh):
            for j in range(ow):
                padded[m, i * sh:i * sh + kh, j * sw:j * sw + kw, :] += buffer[i, j]
    return geo.unpad(padded)


def filter_grad_wanted(cols, g2):
    """Whether the filter gradient, ``cols.T @ g2`` for the (N * OH * OW, KH * KW * C) patches and the
    (N * OH * OW, O) output gradient, is summed here."""
    return cols.shape[1] < ROWS_LIMIT and eigen_avx2_product.wanted(cols.T, g2)
