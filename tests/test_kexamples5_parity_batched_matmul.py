"""float32 batched products (an operand of rank 3 or more) in oneDNN's order of sums, as TensorFlow 2.21
computes them on x86-64 (framework/ops/batched_product.py): each output one in-order chain of fused
multiply-adds over the depth, in blocks of 512. Found on the keras.io Grad-CAM example's heatmap,
``conv_output[0] @ pooled_grads[..., None]``. The expected bits were printed by TF 2.21 for the same
operands: ``tf.linalg.matmul(a, b, ...).numpy().reshape(-1).view(np.uint32)``.
"""
import numpy as np
import pytest

import framework as tf
from framework import config, onednn_policy

onednn = pytest.mark.skipif(not onednn_policy.enabled(), reason='TensorFlow would not run oneDNN on this CPU')


def _operands(ashape, bshape):
    a = ((np.arange(int(np.prod(ashape))) * 0.37) % 1.3 - 0.6).reshape(ashape).astype(np.float32)
    b = ((np.arange(int(np.prod(bshape))) * 0.71) % 1.1 - 0.5).reshape(bshape).astype(np.float32)
    return a, b


# (a shape, b shape, transpose_a, transpose_b): TF 2.21's bits, and how many elements numpy's a @ b misses
GOLDEN = {
    ((6, 6, 6), (6, 1), 0, 0): ([
        1055303663, 1049398084, 3196579742, 1055035228, 3151297984, 3173108414, 3196210643, 3192469325,
        1049498747, 3196479078, 1055135891, 3143983072, 3172303110, 3196109979, 3192267998, 1049599410,
        3196378414, 1055236554, 3120763264, 3171497802, 3195958984, 3154854780, 3173645288, 3196277752,
        3192603544, 1049431638, 3196546188, 1055068781, 3149150576, 3172839980, 3196177088, 3192402214,
        1049532302, 3196445524, 1055169445, 3139688128], 13),
    ((2, 7, 3), (2, 7, 4), 1, 0): ([
        1043636786, 3174719029, 1044119972, 3202981928, 1008122787, 1057051849, 3200582786, 3197965539,
        1019517859, 1050753683, 1048092818, 1038939167, 3201723636, 1052407917, 995211074, 3203367804,
        1031892736, 1047508970, 3198811111, 1014243091, 1033771784, 3199884853, 1050079238, 1022524338], 0),
    ((2, 3, 9), (5, 9), 0, 1): ([
        1060702572, 3194475879, 3189523246, 1058326918, 3189952739, 3197885009, 1032094064, 1021021122,
        3189623908, 1054414472, 1059605342, 1023168583, 1054521845, 3187322075, 3205119344, 1027423292,
        1060955907, 3201341115, 3202492033, 1055588878, 3150224295, 3198072913, 1053911155, 1002740613,
        3182839200, 1046213768, 1033087276, 3203696637, 3183282122, 3168075239], 0),
    ((2, 3, 33), (2, 33, 2), 0, 0): ([
        1067341314, 1035436085, 3201173340, 3216020342, 3214160586, 1077233163, 3219255827, 1069591980,
        1066101478, 1055521770, 3204924730, 3217914488], 7),
    ((1, 2, 600), (600, 1), 0, 0): ([1076489098, 1060689147], 2),         # two depth blocks: 512 + 88
}


@onednn
@pytest.mark.parametrize('case', sorted(GOLDEN))
def test_batched_matmul_sums_as_tensorflow(case, exact_math):
    ashape, bshape, ta, tb = case
    a, b = _operands(ashape, bshape)
    bits, numpy_misses = GOLDEN[case]
    plain = np.matmul(a.swapaxes(-1, -2) if ta else a, b.swapaxes(-1, -2) if tb else b)
    assert int(np.sum(plain.reshape(-1).view(np.uint32) != bits)) == numpy_misses      # the test can fail
    got = tf.linalg.matmul(a, b, transpose_a=bool(ta), transpose_b=bool(tb))
    assert got.numpy().reshape(-1).view(np.uint32).tolist() == bits


@onednn
def test_grad_cam_heatmap_product_is_exact_by_default():
    # the Grad-CAM heatmap's shape (36 outputs of depth 6) is small enough for the default mode
    previous = config.tf_exact_math()
    config.set_tf_exact_math('small')
    try:
        a, b = _operands((6, 6, 6), (6, 1))
        got = (tf.constant(a) @ tf.constant(b)).numpy().reshape(-1).view(np.uint32).tolist()
    finally:
        config.set_tf_exact_math(previous)
    assert got == GOLDEN[(6, 6, 6), (6, 1), 0, 0][0]


@onednn
def test_products_meet_in_one_in_order_chain():
    # 2**30 at k = 0 and -2**30 at k = j among ones: only the ones after j survive (14 - j);
    # TF 2.21 prints [13, 12, 10, 6, 2, 0] for these j
    got = []
    for j in [1, 2, 4, 8, 12, 14]:
        a = np.ones((2, 1, 15), np.float32)
        a[..., 0], a[..., j] = 2.0 ** 30, -2.0 ** 30
        got.append(int((tf.constant(a) @ tf.ones((15, 1))).numpy()[0, 0, 0]))
    assert got == [13, 12, 10, 6, 2, 0]


@onednn
def test_batched_matmul_gradients_sum_as_tensorflow(exact_math):
    a, b = _operands((2, 3, 6), (6, 1))
    w = ((np.arange(6) * 0.53) % 0.9 - 0.4).reshape(2, 3, 1).astype(np.float32)
    a, b = tf.constant(a), tf.constant(b)
    with tf.GradientTape() as tape:
        tape.watch([a, b])
        y = tf.reduce_sum(w * (a @ b))
    ga, gb = tape.gradient(y, [a, b])
    assert ga.numpy().reshape(-1).view(np.uint32).tolist() == [
        1045220557, 3182168113, 1033073853, 3193509511, 3177537602, 1036831949, 3179617976, 1021289535,
        3166679387, 1032657777, 1016404010, 3171229368, 1039516303, 3176034362, 1026617980, 3187818679,
        3171524647, 1031127695, 3189013217, 1031369286, 3176517547, 1042113416, 1025920047, 3180624609,
        1025758986, 3163136039, 1013706235, 3173886878, 3157753908, 1017370378, 3194381926, 1036093751,
        3181765460, 1047804247, 1031865893, 3185993318]
    assert gb.numpy().reshape(-1).view(np.uint32).tolist() == [
        1043542836, 1051411349, 3199884854, 996499520, 1045354775, 1044717240]


def test_batched_matmul_matches_float64_within_rounding(exact_math):
    # the chains are a float32 sum of the same products: close to the float64 product
    a, b = _operands((3, 4, 700), (3, 700, 5))
    got = tf.linalg.matmul(a, b).numpy()
    want = np.matmul(a.astype(np.float64), b.astype(np.float64))
    np.testing.assert_allclose(got, want, rtol=0, atol=1e-4)
