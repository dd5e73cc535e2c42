"""einsum as TensorFlow's Einsum kernel runs it: transposes and one batched product.

MultiHeadAttention's projections and attention scores are einsums; numpy's einsum sums their
products in another order, which put the Transformer tutorial's forward pass a few ulps off TF's.
Golden values: the float32 bit patterns (as int32) printed by TF 2.21 (oneDNN, x86-64) for
the same seeded inputs: np.random.RandomState(5), drawn in this order.
"""
import numpy as np

import framework as tf
from framework.config import set_tf_exact_math
from framework.ops.eigen_math import ENABLED

_PROJ = [-1057964069, -1103445435, -1076600885, -1064141988, 1073096669, -1062566305, -1064066206, 1065394522,
         1073462927, 1082636064, -1063887646, 1083114751, 1076370988, -1072104626, -1104540367, -1081421271,
         1067633477, -1071115096, 1075052888, 1085982831, 1058155703, 1068785245, 1082888496, -1090597064,
         -1053245857, 1068646417, 1082938338, 1074940618, 1085381057, -1064199700, -1084046422, -1066190523,
         -1070063990, 1066671502, -1068149232, 1070368203]
_SCORES = [1068943276, -1075358745, -1078112095, 1093063065, 1074277987, 1079739009, 1067730023, 1047956645,
           1079914531, -1058086247, 1058149956, 1065870223, 1071632309, 1076501141, 1086041936, -1061657385,
           1086130375, 1071330862, 1054617035, -1073885857, 1073414300, -1087067657, 1079807329, -1069688342]
_GRAD_K_FIRST24 = [1082172306, -1104437462, -1077011631, 1069010297, -1064975160, -1077880775, 1062266220, 1021159901,
                   -1093110755, -1076165810, 1042202919, 1067214057, -1078410900, 1090441871, -1080628358, -1088206229,
                   1061575288, -1090106615, -1073785830, -1084157098, 1068024451, -1078626303, 1067830783, -1097614766]
_GRAD_Q_FIRST24 = [1082838739, -1087347508, -1087464224, 1072684157, 1073924294, 1065515971, -1112356816, 1065322831,
                   -1090678412, -1081916030, -1080510660, -1076127952, -1082428720, -1071137451, 1028991833, -1086294169,
                   1065133505, 1077172567, -1066061573, 1045262724, -1086143819, -1088575517, -1069848029, -1140446090]
_ELLIPSIS = [-1095285438, 1081135200, 1084505453, 1086532301, 1085369665, -1057095337, -1059598622, 1080553515,
             1088434730, -1056195627, -1062743331, -1055118967, -1079226849, 1057271553, 1093411382, 1047128407,
             -1064429621, 1090788666, 1085543308, -1052326686, 1082616083, 1071123547, -1061716321, 1083208407,
             -1061182757, 1076881232, -1060893152, -1056732798, 1088998607, 1053093841]
_ELLIPSIS_GRAD_FIRST24 = [1061590540, 1067621831, 1046894612, 1050023381, 1049372088, -1091228556, -1073683297, 1063387394,
                          -1096559596, -1077715250, -1073119116, -1066735580, -1066282208, -1071694131, 1055824164, 1079638403,
                          1088365070, 1057645999, 1071619666, 1075935662, 1081945891, 1084771579, 1058853830, 1073869992]


def _bits(t):
    return np.asarray(t, np.float32).ravel().view(np.int32).tolist()


def _inputs():
    rng = np.random.RandomState(5)
    x, w = rng.randn(2, 3, 16).astype(np.float32), rng.randn(16, 2, 3).astype(np.float32)
    k, q = rng.randn(1, 4, 2, 16).astype(np.float32), rng.randn(1, 3, 2, 16).astype(np.float32)
    up = rng.randn(1, 2, 3, 4).astype(np.float32)
    a, b = rng.randn(2, 3, 40).astype(np.float32), rng.randn(40, 5).astype(np.float32)
    up2 = rng.randn(2, 3, 5).astype(np.float32)
    return x, w, k, q, up, a, b, up2


def test_attention_projection_and_scores_carry_tf_bits(xeon_cpu):
    # (the Xeon's oneDNN goldens: on the AVX2 EPYC TF's Eigen sums the projection as its MatMul, kerasexamples12's test)
    x, w, k, q, up, *_ = _inputs()
    assert _bits(tf.einsum('abc,cde->abde', x, w)) == _PROJ
    assert _bits(tf.einsum('aecd,abcd->acbe', k, q)) == _SCORES


def test_scores_gradients_carry_tf_bits():
    _, _, k, q, up, *_ = _inputs()
    kv, qv = tf.Variable(k), tf.Variable(q)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.einsum('aecd,abcd->acbe', kv, qv) * up)
    grad_k, grad_q = tape.gradient(total, [kv, qv])
    assert _bits(grad_k.numpy().ravel()[:24]) == _GRAD_K_FIRST24
    assert _bits(grad_q.numpy().ravel()[:24]) == _GRAD_Q_FIRST24


def test_ellipsis_rows_are_one_row_products_and_its_gradient_sums_them_after():
    *_, a, b, up2 = _inputs()
    # 30 outputs: within the default exact-math size, TF's fused multiply-adds row by row
    assert _bits(tf.einsum('...c,cd->...d', a, b)) == _ELLIPSIS
    bv = tf.Variable(b)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(tf.einsum('...c,cd->...d', a, bv) * up2)
    assert _bits(tape.gradient(total, bv).numpy().ravel()[:24]) == _ELLIPSIS_GRAD_FIRST24


def test_ellipsis_rows_outside_the_exact_size_are_close():
    *_, a, b, _ = _inputs()
    previous = ENABLED[0]
    set_tf_exact_math(False)
    try:
        out = tf.einsum('...c,cd->...d', a, b).numpy()
    finally:
        set_tf_exact_math(previous)
    np.testing.assert_allclose(out, np.einsum('...c,cd->...d', a, b), rtol=1e-5, atol=1e-5)
    assert out.shape == (2, 3, 5)


def test_bad_equations_still_raise_invalid_argument():
    import pytest
    with pytest.raises(tf.errors.InvalidArgumentError, match='einsum'):
        tf.einsum('ij,jk->ik', np.ones((2, 3), np.float32), np.ones((4, 5), np.float32))
