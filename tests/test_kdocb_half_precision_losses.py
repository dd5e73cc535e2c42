"""Half-precision losses as Keras 3 computes them: keras.ops.mean averages float16/bfloat16 in float32 and
rounds once (tapeflow's half-precision reduce_mean was 1 ulp off: Hinge, SquaredHinge, Huber, BCE, Poisson,
...); mean_squared_logarithmic_error runs in float32 (Keras's float32 epsilon tensor promotes half
precision); bfloat16 predictions are taken (they raised TypeError). Golden float32 bytes (hex) of each
loss class with dtype=float16/bfloat16 and reduction='none', from TensorFlow 2.21 + Keras 3.15.
(Left: MeanAbsoluteError in both, CosineSimilarity float16 and bfloat16 SCCE differ in the last bit.)
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

RNG = np.random.RandomState(7)
YT = RNG.randn(4, 9).astype('float32')
YP = RNG.randn(4, 9).astype('float32') * 2
YB = (RNG.rand(4, 9) > 0.5).astype('float32')
PB = RNG.rand(4, 9).astype('float32')
OH = np.eye(9, dtype='float32')[[0, 3, 1, 8]]
SP = np.array([0, 3, 1, 8])
SM = PB / PB.sum(-1, keepdims=True)
INPUTS = {'Hinge': (YB, YP), 'SquaredHinge': (YB, YP), 'Huber': (YT, YP), 'LogCosh': (YT, YP),
          'MeanAbsolutePercentageError': (YT, YP), 'MeanSquaredLogarithmicError': (np.abs(YT), np.abs(YP)),
          'MeanSquaredError': (YT, YP), 'BinaryCrossentropy': (YB, PB), 'CategoricalCrossentropy': (OH, SM),
          'SparseCategoricalCrossentropy': (SP, SM), 'KLDivergence': (SM, SM[::-1]), 'Poisson': (PB, PB[::-1]),
          'CosineSimilarity': (YT, YP), 'CategoricalHinge': (OH, YP), 'BinaryFocalCrossentropy': (YB, PB),
          'CategoricalFocalCrossentropy': (OH, SM), 'Dice': (YB, PB), 'Tversky': (YB, PB)}
GOLDEN = [
    ('Hinge', 'float16', '0080bf3f00801f4000e05c3f0060e73f'),
    ('Hinge', 'bfloat16', '0000bf3f0000204000005d3f0000e73f'),
    ('SquaredHinge', 'float16', '0000994000401941000006400080b740'),
    ('SquaredHinge', 'bfloat16', '0000994000001941000006400000b840'),
    ('Huber', 'float16', '0060ed3f0000ca3f00404b3f00000540'),
    ('Huber', 'bfloat16', '0000ed3f0000ca3f00004b3f00000540'),
    ('LogCosh', 'float16', '0040dd3f0000bd3f00603d3f0040f73f'),
    ('LogCosh', 'bfloat16', '0000de3f0000be3f00003e3f0000f73f'),
    ('MeanAbsolutePercentageError', 'float16', '0000894600402a440080a04300c06c43'),
    ('MeanAbsolutePercentageError', 'bfloat16', '0000894600002a440000a04300006e43'),
    ('MeanSquaredLogarithmicError', 'float16', '0080053f00a02a3f00a0213e00a06f3e'),
    ('MeanSquaredLogarithmicError', 'bfloat16', '0000053f00002b3f0000213e0000703e'),
    ('MeanSquaredError', 'float16', '0020f5400080de4000e04a4000c01741'),
    ('MeanSquaredError', 'bfloat16', '0000f5400000df4000004b4000001741'),
    ('BinaryCrossentropy', 'float16', '0060963f00a06a3f0020993f0060c23f'),
    ('BinaryCrossentropy', 'bfloat16', '0000973f00006a3f0000993f0000c23f'),
    ('CategoricalCrossentropy', 'float16', '000046400080cf3f00a0b63f00800640'),
    ('CategoricalCrossentropy', 'bfloat16', '000046400000d03f0000b73f00000740'),
    ('SparseCategoricalCrossentropy', 'float16', '000046400080cf3f00a0b63f00800640'),
    ('KLDivergence', 'float16', '0020483f00a0403f0020213f00a0803f'),
    ('KLDivergence', 'bfloat16', '0000493f0000403f0000213f0000813f'),
    ('Poisson', 'float16', '0060a33f0020953f0020573f0000733f'),
    ('Poisson', 'bfloat16', '0000a33f0000953f0000573f0000733f'),
    ('CosineSimilarity', 'bfloat16', '0000d03e0000a43e0000babe0000123f'),
    ('CategoricalHinge', 'float16', '0020de4000a09e400040804000e09e40'),
    ('CategoricalHinge', 'bfloat16', '0000de4000009f400000804000009f40'),
    ('BinaryFocalCrossentropy', 'float16', '00205f3f0000093f00c0503f00808b3f'),
    ('BinaryFocalCrossentropy', 'bfloat16', '0000613f0000093f0000513f00008c3f'),
    ('CategoricalFocalCrossentropy', 'float16', '0060343f0080853e00c0523e0060cf3e'),
    ('CategoricalFocalCrossentropy', 'bfloat16', '0000343f0000873e0000523e0000d13e'),
    ('Dice', 'float16', '0040093f'),
    ('Dice', 'bfloat16', '0000093f'),
    ('Tversky', 'float16', '0040093f'),
    ('Tversky', 'bfloat16', '0000093f'),
]


@pytest.mark.parametrize('name, dtype, want', GOLDEN)
def test_half_precision_loss_bits(name, dtype, want):
    loss = getattr(keras.losses, name)(dtype=dtype, reduction='none')
    got = loss(*INPUTS[name])
    assert got.dtype == dtype
    assert np.asarray(tf.cast(got, 'float32')).tobytes().hex() == want
