"""ConvLSTM convolves each gate and each step on its own, as Keras 3's ConvLSTMCell (input_conv / recurrent_conv
per gate, in its step function): TF's conv of `filters` output channels rounds otherwise than one of 4 * filters,
and a conv of batch * steps images otherwise than one of batch (ConvLSTM2D), so tapeflow's single conv of all gates
over the steps folded into the batch gave other last bits (ConvLSTM1D(3, 3): 5 of the first 8 outputs).
Goldens: /work/notes/progs/layers27/clstm.py under TF 2.21 on the AMD EPYC (AVX2); clstm3.py shows TF's
per-gate and whole-kernel convs differ in 30 of 72 values, clstm5.py a folded conv from per-step ones.
"""
import numpy as np
import pytest

from conftest import hexes_as_tf
from framework import keras


@pytest.fixture(autouse=True)
def _measured_on_the_epyc(epyc_cpu):
    """TF 2.21's values and texts here were measured on the AMD EPYC (AVX2, oneDNN off): tapeflow computes as
    TF does there, whatever this CPU is (on a Xeon TF runs oneDNN's kernels, which round and word otherwise)."""


L = keras.layers
X1 = np.sin(np.arange(2 * 3 * 5 * 2, dtype='float64')).astype('float32').reshape(2, 3, 5, 2)
X2 = np.cos(np.arange(2 * 3 * 4 * 4 * 2, dtype='float64')).astype('float32').reshape(2, 3, 4, 4, 2)


@pytest.mark.parametrize('make, x, expected', [
    (lambda: L.ConvLSTM1D(3, 3), X1,
     ['-0x1.4445860000000p-7', '0x1.6c5eac0000000p-5', '-0x1.a5d19e0000000p-6', '-0x1.2232720000000p-4',
      '-0x1.9f8f3a0000000p-5', '-0x1.dd9f040000000p-4', '0x1.1a482a0000000p-4', '-0x1.74fa1e0000000p-10']),
    (lambda: L.ConvLSTM1D(3, 3, return_sequences=True), X1,
     ['0x1.00bd400000000p-8', '0x1.129ffa0000000p-4', '0x1.be90880000000p-4', '-0x1.0f1d880000000p-4',
      '0x1.01b4c00000000p-5', '-0x1.7551e40000000p-3', '0x1.6f4ee20000000p-4', '-0x1.8a8ba60000000p-4']),
    (lambda: L.ConvLSTM1D(3, 3, go_backwards=True), X1,
     ['-0x1.10719c0000000p-7', '0x1.2153500000000p-4', '0x1.60ad560000000p-5', '-0x1.29804a0000000p-5',
      '0x1.a042220000000p-11', '-0x1.3ce1480000000p-3', '0x1.11d8c40000000p-4', '-0x1.264b6e0000000p-5']),
    (lambda: L.ConvLSTM2D(3, 3), X2,
     ['-0x1.7268c20000000p-4', '0x1.42cfb60000000p-3', '-0x1.4032900000000p-2', '-0x1.42e3120000000p-3',
      '-0x1.cdb33a0000000p-3', '-0x1.fd9ce80000000p-6', '-0x1.889a600000000p-3', '-0x1.2f68a60000000p-3']),
    (lambda: L.ConvLSTM2D(3, 3, padding='same', return_sequences=True), X2,
     ['-0x1.e8bee20000000p-4', '0x1.54ec000000000p-7', '-0x1.11e03a0000000p-4', '0x1.3ac95c0000000p-4',
      '-0x1.abbdf80000000p-7', '0x1.699a240000000p-4', '0x1.2fcd920000000p-5', '0x1.34b2cc0000000p-5']),
    (lambda: L.ConvLSTM2D(3, 3, strides=2), X2,
     ['-0x1.89925e0000000p-4', '0x1.6d10be0000000p-4', '-0x1.29572c0000000p-2', '-0x1.c240c40000000p-3',
      '-0x1.56e3420000000p-3', '-0x1.01e9680000000p-3']),
])
def test_gates_convolved_apart(make, x, expected):
    keras.utils.set_random_seed(1)
    out = make()(x)
    assert hexes_as_tf([float(v).hex() for v in np.ravel(out)[:len(expected)]], expected)
