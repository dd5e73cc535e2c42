"""tf.matmul(transpose_a=True) of a tensor that is itself a transposed view sums as TF 2.21's kernel does: the
result does not depend on the operand's memory layout.

Expected bits printed by TF 2.21 (/work/notes/progs/opsfuzz9/p21_matmul_layout.py):
    a_t = tf.transpose(tf.constant([[1., 2.], [3., 4.], [5., 6.]]))
    print([float(v).hex() for v in tf.matmul(a_t, tf.constant([[-1.3333282], [1.1666635]]), adjoint_a=True).numpy().ravel()])
"""
import pytest
import framework as tf

_TF = ['0x1.ffffd80000000p-1', '0x1.5555b00000000p-1', '0x1.5557100000000p-2']


def _hex(t):
    return [float(v).hex() for v in t.numpy().ravel()]


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_transposed_view_and_row_major_operands_give_tfs_bits():
    cs = tf.constant([[-1.3333282], [1.1666635]])
    a_t = tf.transpose(tf.constant([[1., 2.], [3., 4.], [5., 6.]]))
    assert _hex(tf.matmul(a_t, cs, adjoint_a=True)) == _TF         # tapeflow gave ...p-2 '0x1.5557000000000p-2'
    assert _hex(tf.matmul(a_t, cs, transpose_a=True)) == _TF
    assert _hex(tf.matmul(tf.constant([[1., 3., 5.], [2., 4., 6.]]), cs, transpose_a=True)) == _TF


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_wide_lstsq_takes_the_same_product():
    # TF: tf.linalg.lstsq(tf.transpose(M), [[1.], [2.]]) ends in -0x1.5553200000000p-3 (-0.16666245)
    m = tf.constant([[1., 2.], [3., 4.], [5., 6.]])
    out = tf.linalg.lstsq(tf.transpose(m), tf.constant([[1.], [2.]]))
    assert float(out.numpy()[2, 0]).hex() == '-0x1.5553200000000p-3'
