"""float64 tf.einsum products with a side of 1 sum as TF 2.21's Einsum kernel does
(framework/ops/einsum_kernel.py): with no free letter ('j,j->', 'bj,bj->b') each dot product in order from +0;
one matrix-vector product ('ij,j->i', 'j,jk->k', and so the gradients of such einsums) as tf.matmul's BatchMatMul
of a batch of one (Eigen's gemv past its coefficient-based sizes). tapeflow took numpy's BLAS product from a
depth of about 14-18 on, an ulp off in about half the values (each list below had 1-4 values off).

Golden bits printed by TF 2.21 with notes progs/gradfuzz21/gold2.py:

    rs = np.random.RandomState(7)
    def c(*shape): return tf.constant(rs.randn(*shape))
    print([hex(v) for v in tf.einsum('j,j->', c(21), c(21)).numpy().view('uint64').ravel()])    # then the others
"""
import numpy as np

import framework as tf

DOT = [0x3fe3b5c8a2716696]
BATCH_DOTS = [0x3ff80d84355130cb, 0x3fedb7cb99aa563c, 0xc0166f3d69e5b176]
MATVEC = [0xbffaca882e0fa1a5, 0x3fe73d49ce6e0664, 0xbff78f61ee3f9126]
VECMAT = [0xc0120475f7ba82fb, 0xc0036c344b3f9a48, 0xc005ce6d71bbed46, 0x401e541da244b682]
MATVEC_GRADIENT = [0xbffebb167347e295, 0x40049179b8a3a4f5, 0xc01ce6cc40d7721e, 0xbf8970f8c5aff720,
                   0x4007566f62e25feb, 0xbfe9c975b6783eff]


def _operands():
    rs = np.random.RandomState(7)       # drawn in gold2.py's order
    return [tf.constant(rs.randn(*shape)) for shape in ((21,), (21,), (3, 24), (3, 24), (3, 20), (20,), (20,), (20, 4),
                                                        (3, 5, 7), (3, 7, 4), (20, 6), (6,))]


def _bits(tensor):
    return [int(v) for v in np.asarray(tensor.numpy()).view('uint64').ravel()]


def test_dot_products_without_free_letters_add_in_order():
    x, y, a, b = _operands()[:4]
    assert _bits(tf.einsum('j,j->', x, y)) == DOT
    assert _bits(tf.einsum('bj,bj->b', a, b)) == BATCH_DOTS


def test_matrix_vector_einsums_are_tf_matmul_products():
    m, v, w, n = _operands()[4:8]
    assert _bits(tf.einsum('ij,j->i', m, v)) == MATVEC
    assert _bits(tf.einsum('j,jk->k', w, n)) == VECMAT


def test_matrix_vector_einsum_gradient():
    m, v = _operands()[10:]
    with tf.GradientTape() as tape:
        tape.watch(v)
        total = tf.reduce_sum(tf.einsum('ij,j->i', m, v) * np.cos(np.arange(20) * 0.7))
    assert _bits(tape.gradient(total, v)) == MATVEC_GRADIENT


def test_dot_products_of_negative_zeros():
    # TF 2.21: Eigen's coefficient-based product (depth + 2 < 20) starts from the first product, gemv from +0
    def dots(depth):
        x = tf.constant(np.full((3, depth), -0.0))
        return str(tf.einsum('bj,bj->b', x, tf.ones_like(x)).numpy().tolist())
    assert dots(17) == '[-0.0, -0.0, -0.0]'
    assert dots(18) == '[0.0, 0.0, 0.0]'
