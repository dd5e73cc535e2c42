"""Muon on float16 and float64 matrices as Keras 3.15 on TF 2.21: its float32 rate times the
Newton-Schulz update promotes as keras.ops.multiply (float16 -> float32, cast back on the subtraction;
float64 stays), and a float64 update then meets the float32 sqrt(max(rows, cols)) of rms_rate in TF's
Mul error. tapeflow refused both dtypes at the rate's product. Golden bits: /work/notes/progs/optim12/
muon_dt2.py under TF 2.21 + Keras 3.15.1 (three steps; the rank-1 bias takes Muon's Adam branch)."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def _run(dtype, rms_rate):
    rng = np.random.default_rng(4)
    kernel = keras.Variable(rng.standard_normal((3, 4)).astype(dtype), name='v')
    bias = keras.Variable(rng.standard_normal((4,)).astype(dtype), name='b')
    optimizer = keras.optimizers.Muon(0.01, rms_rate=rms_rate)
    for _ in range(3):
        grads = [tf.constant(rng.standard_normal((3, 4)).astype(dtype)), tf.constant(rng.standard_normal(4).astype(dtype))]
        optimizer.apply_gradients(zip(grads, [kernel, bias]))
    return kernel.numpy(), bias.numpy()


@pytest.mark.parametrize('rms_rate, kernel_bits', [
    (0.2, '32b9b3b1ac3e46398bbe1419fab8b13070bea933af33533e'),
    (None, '2bb9deb1b13e463984be2c23f5b8983071be8a33eb335d3e')])
def test_float16_matrices_step_in_float32_as_keras(rms_rate, kernel_bits):
    kernel, bias = _run('float16', rms_rate)
    assert kernel.dtype == np.float16
    assert kernel.tobytes().hex() == kernel_bits
    assert bias.tobytes().hex() == 'de344438e8bd7940'


def test_float64_with_rms_rate_is_tfs_mul_error():
    with pytest.raises(tf.errors.InvalidArgumentError) as info:
        _run('float64', 0.2)
    assert str(info.value) == ('cannot compute Mul as input #1(zero-based) was expected to be a double tensor but '
                               'is a float tensor [Op:Mul] name: ')


def test_float64_without_rms_rate_steps():
    kernel, bias = _run('float64', None)
    # TF 2.21's values; tapeflow's float64 matmuls (Newton-Schulz) may differ from Eigen's by an ulp
    expected = np.frombuffer(bytes.fromhex(
        '62d49a4713a8e4bf2404c5445378c7bf64d85e5ccac2fa3fe05ce9566616e53fc45876208c0cfabf6934b63d80c58c3f'
        'fdc5427c1ad3e3bf7743b9c5095ac23f670892895fc2f9bf952d5ddda427ce3f1cd22897e1accf3f8aedb99f9276f93f'),
        np.float64).reshape(3, 4)
    np.testing.assert_allclose(kernel, expected, rtol=1e-15, atol=0)
    assert bias.tobytes().hex() == '77de4248a871d33f5981282c0511e13f4571717b399ff7bffde817eb4ee30140'
