"""Two gradients of the Transformer tutorial's step, summed and divided as TensorFlow does.

A (rows, 1) factor broadcast along the features (a LayerNormalization's mean and scale) gets its
gradient by TF's reduce_sum over the trailing axis, in Eigen's order (array_sweep.sum_to_array);
SparseCategoricalCrossentropy(from_logits=True) takes its kernel's backprop exp / sum - one_hot,
a division where softmax multiplies by 1 / sum. Golden values: float32 bit patterns (as int32)
printed by TF 2.21 for the same program (np.random.RandomState(4), drawn in this order).
"""
import numpy as np

import framework as tf
from framework.config import set_tf_exact_math
from framework.ops.eigen_math import ENABLED

_ROW_SCALE = [1092948874, -1048039268, 1077819199, 1054142016, 1032890992, -1060430167,
              1092982712, 1070178922, -1061563504, 1085946620, -1056980350, 1090789877,
              -1056100442, 1041449600, -1056071472, -1051916730, -1105877424, 1075983142,
              1087015347, -1089216954, -1049314878, 1086036383, -1063036393, -1058344204]
_SCCE_EVERY_FIFTH = [-1096119436, 1011686522, 996231391, 1010633314, 986873614, 1003943863,
                     958426330, 975190408, 1023623010, 988122248, 1037968616, 947257638,
                     1004871836, 1006953568, 981483220, 1015101687, 994283675, 962905412,
                     990424815, 989925386, 970102971, 987145000, 980937266, 973856880]


def test_gradient_of_a_row_scale_sums_its_row_in_tf_order():
    rng = np.random.RandomState(4)
    a = rng.randn(4, 6, 1).astype(np.float32)
    b, up = rng.randn(4, 6, 40).astype(np.float32), rng.randn(4, 6, 40).astype(np.float32)
    av = tf.Variable(a)
    with tf.GradientTape() as tape:
        total = tf.reduce_sum(av * b * up)
    assert tape.gradient(total, av).numpy().ravel().view(np.int32).tolist() == _ROW_SCALE


def test_sparse_crossentropy_gradient_is_the_kernels_backprop():
    rng = np.random.RandomState(4)
    for shape in [(4, 6, 1), (4, 6, 40), (4, 6, 40)]:
        rng.randn(*shape)
    logits = (rng.randn(3, 40) * 2).astype(np.float32)
    previous = ENABLED[0]
    set_tf_exact_math(True)           # 120 logits: past the default exact size of exp
    try:
        lv = tf.Variable(logits)
        with tf.GradientTape() as tape:
            loss = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)(np.array([0, 17, 39]), lv)
        grad = tape.gradient(loss, lv).numpy()
    finally:
        set_tf_exact_math(previous)
    assert grad.ravel()[::5].view(np.int32).tolist() == _SCCE_EVERY_FIFTH

