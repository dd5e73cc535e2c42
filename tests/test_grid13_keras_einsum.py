"""keras.ops.einsum runs Keras's tf.matmul recipes, and MultiHeadAttention's fused path scales after the product.

Keras 3 on TensorFlow computes EinsumDense ('abcd,cde->abe', 'abc,cde->abde', ...) and the attention
einsums as reshapes/transposes around one tf.matmul (backend/tensorflow/numpy.py use_custom_ops), whose
BatchMatMul gradient sums a kernel's per-row products afterwards; MultiHeadAttention without dropout or
returned scores runs keras.ops.dot_product_attention, which multiplies q.k by the scale after the product.
A sum over leading axes of a transposed tensor (a Transpose's gradient) is summed in TF's row order.
Golden int32 bits: TF 2.21 eager, /work/notes/progs/grid13/gold.py (RandomState(13), draws in this order).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

L = keras.layers

ED_KERNEL = [1038360924, 1073382757, 1054164066, 1049914066, -1090314709, 1049736485, 1060147336, 1060160748, -1098888544,
    1073142206, -1080517660, -1088232263, 1032398168, 1075564380, 1058370320, -1110336168, -1109263334,
    1070868306, -1091134220, -1082121139, 1047216230, 1076131094, -1073429823, -1078410692]
ED2_KERNEL = [-1072697163, 1044737072, 1057430270, -1070811296, -1088074928, -1082132360, 1057046844, -1071870760,
    -1078988857, 1034482328, 1061100342, -1067229784, -1088241514, 1036765716, 1050960628, -1082313287]
MHA_OUT = [1081873518, -1065602620, 1067520042, 1031676624, 1081842978, -1065780290, 1067765370, 1031976968, 1081846064,
    -1065549758, 1067360004, 1031968644, 1078643384, -1067937284, 1062734251, 1041128852, 1078665078,
    -1068027560, 1063102463, 1039085246, 1078515630, -1067754584, 1061558455, 1042352005]
MHA_GRADS_FUSED = [[-1126337297, -1146765852, 988173592, 1008368594, 1016135337, -1145639546, 1017551411, 1029158669,
    1015099184, -1123090774, 1040570515, 1028217022, -1118934236, 1005583704, -1122011718, 1017619104],
    [-1119693849, -1127272670, 1033085607, 1028487507], [-1115673282, 1018562523, 977495712, -1128101232,
    1034737770, 1038450527, -1115051199, 1045034498, 1041489578, 1026210050, 1038803196, -1094074750,
    -1122670448, -1116996978, -1100664339, 1061963304], [868220928, -1317011456, -1278214144, 878706688],
    [1051847632, -1082701532, 1072609208, -1105914055, 1057546568, -1079022132, 1079479037, -1099133809,
    1057867642, -1077697776, 1079594036, -1093306950, 1059278366, -1075328890, 1080427584, -1096559436],
    [1065533601, -1070139529, 1086080498, -1089618928], [1059429056, 1045965476, -1109444440, 1064516660,
    1066244068, -1102017774, 1056407521, 1077341620, 1072730153, -1094900866, 1062174867, 1083665240,
    -1068737128, 1057234538, -1080183940, -1057477331], [-1077625162, 1058134446, -1081571052, -1063925629]]
MHA_GRADS_EXPLICIT = [[-1126337300, -1146765826, 988173616, 1008368603, 1016135344, -1145639494, 1017551410, 1029158676,
    1015099193, -1123090765, 1040570515, 1028217031, -1118934243, 1005583607, -1122011719, 1017619119],
    [-1119693859, -1127272638, 1033085608, 1028487518], [-1115673277, 1018562521, 977495424, -1128101268,
    1034737762, 1038450526, -1115051196, 1045034502, 1041489576, 1026210046, 1038803190, -1094074756,
    -1122670426, -1116996972, -1100664337, 1061963305], [-1291845632, -1293942784, -1272446976, 887095296],
    [1051847634, -1082701532, 1072609208, -1105914056, 1057546570, -1079022132, 1079479037, -1099133810,
    1057867643, -1077697776, 1079594036, -1093306951, 1059278368, -1075328891, 1080427584, -1096559436],
    [1065533602, -1070139529, 1086080498, -1089618928], [1059429058, 1045965490, -1109444430, 1064516658,
    1066244069, -1102017774, 1056407519, 1077341620, 1072730154, -1094900866, 1062174867, 1083665240,
    -1068737128, 1057234536, -1080183942, -1057477331], [-1077625162, 1058134446, -1081571052, -1063925629]]
SUM_T = [1053301450, 1080190282, 1075032446, 1077496782, 1065378918, 1083496326]


@pytest.fixture
def exact_math():
    before = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True        # every array in TF's rounding (the gradients hold more than 32 values)
    yield
    eigen_math.ENABLED[0] = before


def bits(t):
    return np.asarray(t, np.float32).ravel().view(np.int32).tolist()


def _draws():
    """Each golden value's inputs and weights, drawn in gold.py's order."""
    rng = np.random.RandomState(13)
    x = tf.constant(rng.rand(2, 3, 2, 3).astype('float32'))
    l = L.EinsumDense('abcd,cde->abe', output_shape=(3, 4), bias_axes='e')
    l(x)
    l.set_weights([rng.randn(2, 3, 4).astype('float32'), rng.randn(4).astype('float32')])
    r = tf.constant(rng.randn(2, 3, 4).astype('float32'))
    x2 = tf.constant(rng.rand(2, 3, 4).astype('float32'))
    l2 = L.EinsumDense('abc,cde->abde', output_shape=(3, 2, 2), bias_axes='de')
    l2(x2)
    l2.set_weights([rng.randn(4, 2, 2).astype('float32'), rng.randn(2, 2).astype('float32')])
    r2 = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    xm = tf.constant(rng.rand(2, 3, 4).astype('float32'))
    m = L.MultiHeadAttention(num_heads=2, key_dim=2)
    m(xm, xm)
    m.set_weights([rng.randn(*w.shape).astype('float32') * 0.7 for w in m.weights])
    rm = tf.constant(rng.randn(2, 3, 4).astype('float32'))
    base = rng.randn(4, 2, 3, 5).astype('float32')
    return (l, x, r), (l2, x2, r2), (m, xm, rm), base


def _gradient(layer, call, r, wrt):
    with tf.GradientTape() as t:
        loss = tf.reduce_sum(call() * r)
    return t.gradient(loss, wrt)


def test_einsum_dense_kernel_gradients_are_batch_matmuls(exact_math, xeon_cpu):
    # (the Xeon's oneDNN bits; on the AVX2 EPYC TF sums a batch by Eigen: tests/test_gradfuzz32_batched_float_product.py)
    (l, x, r), (l2, x2, r2), _, _ = _draws()
    assert bits(_gradient(l, lambda: l(x), r, l.kernel)) == ED_KERNEL
    assert bits(_gradient(l2, lambda: l2(x2), r2, l2.kernel)) == ED2_KERNEL


@pytest.mark.usefixtures('onednn_on')
def test_multi_head_attention_fused_and_explicit_paths(exact_math):
    _, _, (m, xm, rm), _ = _draws()
    assert bits(m(xm, xm)) == MHA_OUT
    fused = _gradient(m, lambda: m(xm, xm), rm, m.trainable_weights)
    assert [bits(g) for g in fused] == MHA_GRADS_FUSED
    explicit = _gradient(m, lambda: m(xm, xm, return_attention_scores=True)[0], rm, m.trainable_weights)
    assert [bits(g) for g in explicit] == MHA_GRADS_EXPLICIT


def test_sum_of_a_transposed_tensor_over_leading_axes():
    _, _, _, base = _draws()
    moved = tf.transpose(tf.constant(base), [0, 3, 1, 2])
    assert bits(tf.reduce_sum(moved, [0, 1])) == SUM_T
    # the layout does not matter: a contiguous copy sums to the same bits
    assert bits(tf.reduce_sum(tf.constant(np.ascontiguousarray(np.asarray(moved))), [0, 1])) == SUM_T


def test_keras_ops_einsum_takes_the_recipe_and_keeps_values():
    rng = np.random.RandomState(3)
    a, b = rng.rand(2, 3, 4).astype('float32'), rng.rand(4, 5).astype('float32')
    out = keras.ops.einsum('xyz,zw->xyw', a, b)      # renamed 'abc,cd->abd': a tf.matmul
    np.testing.assert_allclose(np.asarray(out), np.einsum('xyz,zw->xyw', a, b), rtol=1e-6)
    ints = keras.ops.einsum('ij,jk->ik', np.arange(6).reshape(2, 3), np.arange(6).reshape(3, 2))
    assert ints.dtype.name == 'int64' and np.asarray(ints).tolist() == [[10, 13], [28, 40]]
    # an ellipsis equation is no recipe: tf.einsum
    layer = L.EinsumDense('...b,bc->...c', output_shape=3)
    assert tuple(layer(np.ones((2, 4, 5), 'float32')).shape) == (2, 4, 3)
