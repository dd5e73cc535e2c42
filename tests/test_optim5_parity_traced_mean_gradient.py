"""A mean's gradient in a traced step, as TF 2.21's graphs compute it.

TensorFlow's Mean gradient divides by the count of the reduced values. When the trace's shapes
are static (a tf.function called on tensors, a fit whose batches all have the batch size) the
count is a graph constant and grappler turns ``g / count`` into ``g * (1 / count)``: one rounding
more, unless the count is a power of two. In a trace on a None batch (an input_signature with
None, a fit whose last batch is partial) the count is computed at run time and divides, as
eagerly. Keras's loss reduction (``divide_no_nan(sum, count)``) is never rewritten.
GlobalAveragePooling1D over 5 steps and an mse over 3 outputs with sample weights trained to other
last bits than TF's before (framework/ops/reductions.py ``traced_reciprocal``).

Golden values: TensorFlow 2.21 + Keras 3.15.1 (/opt/tfref), float32 results as
``tobytes().hex()`` (/work/notes/progs/optim5/gold5.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras


def hx(a):
    return np.asarray(a, np.float32).tobytes().hex()


EAGER = ('8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e'
         '8ec3b2bd50936fbe7c1cb23e0220cbbdf7be863d98d253bd0220cbbdf7be863d98d253bd0220cbbdf7be863d98d253bd'
         '0220cbbdf7be863d98d253bd0220cbbdf7be863d98d253bdca25a23e7934873eebb5013eca25a23e7934873eebb5013e'
         'ca25a23e7934873eebb5013eca25a23e7934873eebb5013eca25a23e7934873eebb5013eb0a3e1be117d2a3cd9040c3e'
         'b0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3e')

STATIC = ('8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e8ec3b2bd50936fbe7c1cb23e'
          '8ec3b2bd50936fbe7c1cb23e0320cbbdf7be863d98d253bd0320cbbdf7be863d98d253bd0320cbbdf7be863d98d253bd'
          '0320cbbdf7be863d98d253bd0320cbbdf7be863d98d253bdcb25a23e7934873eebb5013ecb25a23e7934873eebb5013e'
          'cb25a23e7934873eebb5013ecb25a23e7934873eebb5013ecb25a23e7934873eebb5013eb0a3e1be117d2a3cd9040c3e'
          'b0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3eb0a3e1be117d2a3cd9040c3e')

EMB16 = [
    'f8af0c3db827613c9b8f883d0fb122bd59612cbcb8d901bdfd4c0a3d2560a93d7eee203dadb0a6bc32656b3cbde8ccbb'
    '16796e3b88cf48b9f06a06bd2928b9ba8eee8bbc1928fc3c262340bbc7ee2fbc804c4e3d8e169fbcb50fa8bcbcc20fbb'
    '68c3aa3c3180753d22625cbc5b4c85bb8277d63b740a113dbae5463db425543b730bc0bc81a86abc25835cbdc0f2a43c',
    '020dd5bea58643bffb4302bf',
    '6090a2b9',
]

EMB20 = [
    '1f903ebb446cc2bc30e8f03ca29fb3bc4a43fa3b64e562bc6432453dd641c73d10015c3d2f8994bca4428a3c6eaa82bb'
    '3a5888bcef91a8bc569259bd9d721cbbe35093bc685bf43cb0ffc2bcc5f001bd058bf13c80d520bd643c25bdd67db4bc'
    '24c30c3ded0d973d0010ea38178facbc3c1a2cbc6ab0963c8d29403d137fcd3a3454cdbcb7e13abcdd834fbdcf3abd3c',
    '5375cfbea0af47bffccbfdbe',
    '78c29c3c',
]

MSE16 = [
    '089f9e3c41a061be4b27033f446be1bea5cde7bd90b4e7befe8318be9bd9463f0def123dcaaababd2523fd3e743f273e',
    'f13cb6bdf677c9bb6cec55bd',
]

MSE20 = [
    'e4e67bbb393218bee99bf13e2c4dabbe9c49fabeae5898be023fdabdb088093f59863e3d296f4abdbc99c73e4837643e',
    'ca7339bdb8b344bed3e3df3c',
]
# TF 2.21 on an AVX2 AMD EPYC (oneDNN off: Eigen's product order; notes/progs/epyc3/allvals.sh)
MSE16_AVX2 = [
    '069f9e3c41a061be4b27033f446be1bea2cde7bd90b4e7befe8318be9bd9463f0def123dcaaababd2523fd3e743f273e',
    'f03cb6bdf077c9bb6eec55bd',
]
MSE20_AVX2 = [
    'e0e67bbb3a3218bee99bf13e2c4dabbe9c49fabeae5898be013fdabdb088093f5b863e3d296f4abdbc99c73e4837643e',
    'ca7339bdb8b344becfe3df3c',
]


def mean_gradient_inputs():
    rng = np.random.default_rng(0)
    x = tf.constant(rng.standard_normal((4, 5, 3)).astype(np.float32))
    w = tf.constant(rng.standard_normal((4, 3)).astype(np.float32))

    def gradient(x):
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.reduce_mean(x, axis=1) * w)
        return tape.gradient(y, x)
    return x, gradient


def test_mean_gradient_eager_static_trace_and_none_batch_trace():
    x, gradient = mean_gradient_inputs()
    assert EAGER != STATIC
    assert hx(gradient(x)) == EAGER
    assert hx(tf.function(gradient)(x)) == STATIC
    assert hx(tf.function(gradient, input_signature=[tf.TensorSpec([None, 5, 3])])(x)) == EAGER


def fit_data():
    rng = np.random.default_rng(2)
    ids = rng.integers(0, 12, size=(48, 5)).astype('int32')
    y = rng.standard_normal((48, 1)).astype(np.float32)
    x = rng.standard_normal((48, 4)).astype(np.float32)
    y3 = rng.standard_normal((48, 3)).astype(np.float32)
    weights = rng.uniform(0.5, 1.5, 48).astype(np.float32)
    return ids, y, x, y3, weights


@pytest.mark.parametrize('n, golden', [(16, EMB16), (20, EMB20)])    # 16: static batches; 20: a partial one
def test_fit_through_global_average_pooling(n, golden):
    ids, y, _, _, _ = fit_data()
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((5,), dtype='int32'), keras.layers.Embedding(12, 3),
                              keras.layers.GlobalAveragePooling1D(), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adam(0.01), loss='mse')
    model.fit(ids[:n], y[:n], batch_size=8, epochs=2, shuffle=False, verbose=0)
    assert [hx(w) for w in model.get_weights()] == golden


@pytest.mark.parametrize('n, golden', [(16, MSE16), (20, MSE20)])
def test_fit_mse_over_three_outputs_with_sample_weights(n, golden, cpu_kind):
    if cpu_kind == 'avx2':
        golden = MSE16_AVX2 if n == 16 else MSE20_AVX2
    _, _, x, y3, weights = fit_data()
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(3)])
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss='mse')
    model.fit(x[:n], y3[:n], sample_weight=weights[:n], batch_size=8, epochs=2, shuffle=False, verbose=0)
    assert [hx(w) for w in model.get_weights()] == golden
