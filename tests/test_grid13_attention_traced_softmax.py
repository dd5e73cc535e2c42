"""MultiHeadAttention's fused softmax(q.k * scale) in a traced Keras step: grappler's regrouped gradient.

Eagerly the scaled logits' gradient is ((g - s) * y) * c; in a traced step TF 2.21's ConstantPushDown
regroups it with c joining the operand whose node name sorts first: (g - s) * (c * y) under a model
named 'functional' ('functional_1/.../Softmax' < 'gradient_tape/...'), ((g - s) * c) * y under a bare
layer call ('multi_head_attention/Softmax'). Golden int32 bits from TF 2.21: the attention's
query/key weights after one epoch of a Transformer-block fit (/work/notes/progs/grid13/gold3.py) and
the query/key gradients of a custom tf.function step (gold2.py, RandomState(21) in its order).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras
from framework.ops import eigen_math

# goldens measured on the Xeon: TF's reciprocals there refine Intel's VRCPPS estimate
pytestmark = pytest.mark.usefixtures('intel_reciprocal')

L = keras.layers

WEIGHTS = [[1032970471, -1123531860, -1104055009, -1083576965, -1093786026, -1089916460, -1121154099, -1076233502,
    -1100209627, 1051254773, -1088506609, -1087831614, 1057226825, 1072476665, 1054541524, 1055633938],
    [1024025291, 1057595070, 1054107797, -1087960955], [1049014466, 1059296525, -1090527577, 1048806406,
    1063339897, 1060067519, -1132350912, 1069141571, 1060700479, -1104267525, -1078957096, -1100469242,
    1036040587, -1098297056, 1016108563, 1066517501], [1058202398, 1064389304, -1082762334, 1004333762]]

LOOP_TRACED = [[-1163706732, -1139650035, -1156018980, 1006383732, 990506245, -1149822108, -1174278448, 999601215,
    990061535, -1143222699, -1164496899, 1001127092, 1000111402, -1153971630, 970691881, 992012005],
    [1006796237, -1138588329, -1165893649, 1000272493], [-1144521093, -1145430253, -1139296113, 1019099387,
    -1143636604, -1143489057, 1016755905, -1122517407, 998433218, 1000478310, -1126654757, 1030942107,
    968922152, -1156782461, -1160130161, 998940541], [-1328939008, -1323171840, -1283383296, 871497728]]


@pytest.fixture
def exact_math():
    before = eigen_math.ENABLED[0]
    eigen_math.ENABLED[0] = True        # every array in TF's rounding (the step's arrays hold more than 32 values)
    yield
    eigen_math.ENABLED[0] = before


def bits(t):
    return np.asarray(t, np.float32).ravel().view(np.int32).tolist()


@pytest.mark.usefixtures('onednn_on')
def test_transformer_block_fit_takes_the_regrouped_softmax_gradient(exact_math):
    rng = np.random.RandomState(8)
    x = rng.rand(16, 3, 4).astype('float32')
    y = (x.sum((1, 2)) > 6).astype('float32')[:, None]
    inp = keras.Input((3, 4))
    m = L.MultiHeadAttention(num_heads=2, key_dim=2)
    h = L.LayerNormalization()(L.Add()([inp, m(inp, inp)]))
    model = keras.Model(inp, L.Dense(1, activation='sigmoid')(L.GlobalAveragePooling1D()(h)))
    model.set_weights([rng.randn(*w.shape).astype('float32') * 0.7 for w in model.weights])
    model.compile(optimizer=keras.optimizers.SGD(0.5), loss='binary_crossentropy')
    model.fit(x, y, batch_size=8, epochs=1, shuffle=False, verbose=0)
    assert [bits(w) for w in m.weights[:4]] == WEIGHTS


def test_eager_attention_keeps_the_eager_grouping():
    """Outside a trace the gradient is SoftmaxGrad's then Mul's: the same as softmax(z * c) differentiated."""
    rng = np.random.RandomState(2)
    q = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    k = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    v = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    r = tf.constant(rng.randn(2, 3, 2, 2).astype('float32'))
    with tf.GradientTape() as t:
        t.watch(q)
        fused = keras.ops.dot_product_attention(q, k, v, scale=0.5)
        loss = tf.reduce_sum(fused * r)
    g1 = t.gradient(loss, q)
    with tf.GradientTape() as t:
        t.watch(q)
        probs = tf.nn.softmax(tf.einsum('btnh,bsnh->bnts', q, k) * 0.5, -1)
        loss = tf.reduce_sum(tf.einsum('bnts,bsnh->btnh', probs, v) * r)
    assert bits(g1) == bits(t.gradient(loss, q))


@pytest.mark.usefixtures('onednn_on')
def test_custom_loop_over_a_bare_layer_takes_the_other_grouping(exact_math):
    rng = np.random.RandomState(21)
    x = tf.constant(rng.rand(4, 3, 4).astype('float32'))
    m = L.MultiHeadAttention(num_heads=2, key_dim=2)
    m(x, x)
    m.set_weights([rng.randn(*w.shape).astype('float32') * 0.7 for w in m.weights])
    y = tf.constant((rng.rand(4, 1) > 0.5).astype('float32'))
    d = L.Dense(1, activation='sigmoid')
    d(tf.zeros((1, 4)))
    d.set_weights([rng.randn(4, 1).astype('float32'), np.zeros(1, 'float32')])
    weights = m.query_dense.trainable_weights + m.key_dense.trainable_weights
    bce = keras.losses.BinaryCrossentropy()

    def step():
        with tf.GradientTape() as t:
            loss = bce(y, d(tf.reduce_mean(m(x, x), axis=1)))
        return t.gradient(loss, weights)
    assert [bits(g) for g in tf.function(step)()] == LOOP_TRACED
