"""SimpleRNN in a traced step on static shapes adds x_t @ kernel + h @ recurrent_kernel first and the
bias last, as grappler's AddOpsRewrite regroups Keras 3's (x_t @ kernel + bias) + h @ recurrent_kernel
(layers/recurrent/regrouped_step_sum.py); on a None batch the sum is eager's.

Golden bits from TF 2.21 (tensorflow-cpu, Keras 3), /work/notes/progs/grid11/t_rnn_gold.py and
t_rnn_gold2.py: a SimpleRNN(3, return_sequences=True) with the weights below, eager, in a
tf.function on the (8, 4, 2) input (18 of 96 outputs differ), with a (None, 4, 2) signature (eager's).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X = [1033652101, 1061660866, 1054897965, 1060713732, 1064983941, 1057610462, 1056983406, 1033080715,
    1049194710, 1056960665, 1059971588, 1062060503, 1052969655, 1032260003, 1049855954, 1063836447,
    1046118833, 1055358155, 1064199045, 1020000631, 1058651539, 1064516528, 1047254149, 1057778134,
    1063828643, 1040735634, 1057357406, 1061165788, 1059800180, 1055882574, 1045545974, 1056654763,
    1052682549, 1056206317, 1052464636, 1062633931, 1061471765, 1050723305, 1058183059, 1049450061,
    1055382279, 1052031381, 1059605333, 1052614312, 1055591996, 1060644256, 1054045098, 1063783259,
    1043908687, 1061009911, 1054359913, 1054496799, 1059219128, 1057348910, 1054108655, 985335339,
    1035793418, 1060477663, 1057373059, 1060255634, 1064606098, 1060033393, 1029283192, 1050550768]
K = [3216485602, 1056991856, 3183614370, 1066972938, 3200046534, 3220440046]
RK = [3175874729, 1062832752, 3192147977, 3202600361, 3206072223, 3204867827, 3189355262, 3205958055,
    1061139107]
B = [3182274222, 1023771091, 1054665185]
EAGER = [1059092898, 3193606344, 3209257396, 1050907837, 1062065115, 3211488015, 3209375461, 1058265824,
    3212042591, 3207128394, 3192507318, 3205280446, 1040237250, 3163304740, 3204388401, 3167212817,
    1055372068, 3211399591, 3205255147, 1054289058, 3205627053, 1056030808, 3204173688, 3212062018,
    1041687369, 3168671859, 3201846023, 3210615177, 1060437503, 3171790166, 3181492787, 3209808883,
    3211682938, 1059206590, 1060732421, 3207977451, 3210198089, 1054053640, 1035648766, 3183758562,
    3208824026, 3209082607, 3168575703, 1061534665, 3206060693, 3174861011, 3191090371, 3210802626,
    3175800247, 1026642197, 3203542189, 1054180265, 1039205970, 3211439466, 3206702521, 1062167364,
    3209292906, 3207082991, 3198633709, 3209132850, 3197857853, 1040445513, 3196963265, 3204912533,
    1029577681, 3204503092, 1044549433, 3191638990, 3210462400, 1057649720, 1058535837, 3212128402,
    1056741674, 3189288696, 3208826336, 3168125810, 1061655606, 3208890701, 3205093777, 1039669258,
    3211528959, 3204670382, 1048506368, 3196247084, 1057929141, 3191412639, 3208314168, 1042161604,
    1061701776, 3211258502, 3207748563, 1054585987, 3212320894, 1044832501, 3198387654, 3208692981]
GRAPH = [1059092898, 3193606344, 3209257396, 1050907837, 1062065116, 3211488015, 3209375461, 1058265824,
    3212042591, 3207128394, 3192507318, 3205280446, 1040237250, 3163304740, 3204388401, 3167212817,
    1055372068, 3211399591, 3205255147, 1054289058, 3205627053, 1056030808, 3204173688, 3212062018,
    1041687369, 3168671859, 3201846023, 3210615177, 1060437503, 3171790166, 3181492787, 3209808883,
    3211682938, 1059206590, 1060732421, 3207977451, 3210198089, 1054053640, 1035648766, 3183758562,
    3208824027, 3209082607, 3168575679, 1061534667, 3206060693, 3174861027, 3191090373, 3210802626,
    3175800247, 1026642197, 3203542189, 1054180265, 1039205970, 3211439466, 3206702521, 1062167364,
    3209292906, 3207082991, 3198633709, 3209132851, 3197857853, 1040445513, 3196963265, 3204912533,
    1029577680, 3204503091, 1044549432, 3191638991, 3210462399, 1057649720, 1058535836, 3212128402,
    1056741674, 3189288696, 3208826336, 3168125806, 1061655607, 3208890701, 3205093777, 1039669254,
    3211528959, 3204670382, 1048506366, 3196247083, 1057929141, 3191412639, 3208314168, 1042161604,
    1061701776, 3211258502, 3207748563, 1054585987, 3212320894, 1044832501, 3198387654, 3208692981]


def _f32(bits, shape):
    return np.array(bits, np.uint32).view(np.float32).reshape(shape)


@pytest.fixture
def layer():
    keras.backend.clear_session()
    layer = keras.layers.SimpleRNN(3, return_sequences=True)
    layer(_f32(X, (8, 4, 2)))
    layer.set_weights([_f32(K, (2, 3)), _f32(RK, (3, 3)), _f32(B, (3,))])
    return layer


def _bits(t):
    return np.asarray(t, np.float32).ravel().view(np.uint32).tolist()


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_eager_call_adds_the_bias_first(layer):
    assert _bits(layer(_f32(X, (8, 4, 2)))) == EAGER


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_static_trace_adds_the_bias_last(layer):
    x = _f32(X, (8, 4, 2))
    assert _bits(tf.function(lambda a: layer(a))(x)) == GRAPH


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_none_batch_trace_keeps_eager_order(layer):
    spec = tf.TensorSpec((None, 4, 2), tf.float32)
    assert _bits(tf.function(lambda a: layer(a), input_signature=[spec])(_f32(X, (8, 4, 2)))) == EAGER


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_predict_static_then_relaxed_trace(layer):
    x = _f32(X, (8, 4, 2))
    model = keras.Sequential([keras.Input((4, 2)), layer])
    assert _bits(model.predict(x, verbose=0)) == GRAPH
    # a batch of 5 traces again on (None, 4, 2) (reduce_retracing): eager's order
    assert _bits(model.predict(x[:5], verbose=0)) == EAGER[:5 * 12]


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
def test_tape_in_static_trace_sees_regrouped_values_and_add_gradients(layer):
    x = tf.constant(_f32(X, (8, 4, 2)))

    def step(a):
        with tf.GradientTape() as tape:
            out = layer(a)
            loss = tf.reduce_sum(out)
        return out, tape.gradient(loss, layer.trainable_weights)
    out, grads = tf.function(step)(x)
    assert _bits(out) == GRAPH
    assert all(g is not None and np.all(np.isfinite(np.asarray(g))) for g in grads)


# The Xeon's bits: on an AVX2 AMD EPYC TF 2.21 gives other last bits, and tapeflow there (its cells' products
# in TF's Eigen order since eigen_avx2_product.py) others again: epyc2's report (notes/progs/epyc2/cmpv.sh)
@pytest.mark.avx512_bits
@pytest.mark.parametrize('val_weights,loss_bits', [(False, 1064969151), (True, 1064969150)])
def test_evaluate_after_fit_uses_the_trace_that_serves_it(val_weights, loss_bits):
    """fit's validation traces the test step on a free batch (2 of 4): evaluate on (x, y) replays it
    (eager order); validation with sample weights traced another structure, so evaluate's static
    batch of 8 traces anew and regroups. TF 2.21's evaluate losses (SGD(0.0): weights unchanged)."""
    keras.backend.clear_session()
    rng = np.random.RandomState(7)
    x = rng.rand(8, 4, 2).astype('float32')
    k, rk = rng.randn(2, 3).astype('float32'), rng.randn(3, 3).astype('float32') * 0.5
    b = (rng.randn(3) * 0.3).astype('float32')
    y = rng.rand(8, 3).astype('float32')
    layer = keras.layers.SimpleRNN(3)
    model = keras.Sequential([keras.Input((4, 2)), layer])
    layer.set_weights([k, rk, b])
    model.compile(keras.optimizers.SGD(0.0), 'mse')
    val = (x[6:], y[6:], np.ones(2, 'float32')) if val_weights else (x[6:], y[6:])
    model.fit(x[:6], y[:6], batch_size=4, epochs=1, validation_data=val, verbose=0)
    loss = model.evaluate(x, y, batch_size=8, verbose=0)
    assert int(np.float32(loss).view(np.uint32)) == loss_bits
