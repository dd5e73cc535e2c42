"""A built LayerNormalization called on inputs unlike the ones it was built on, as Keras 3 on TF 2.21:

- another rank: Keras reads ``axis`` (-1 by default) against each call's input, so the last axis is
  normalized (tapeflow normalized the axis it had resolved at build: axis 1 of a rank-3 input);
- normalized axes of another size: ops.layer_normalization reshapes gamma to the input's broadcast shape
  (axis=-1 is reshaped too: Keras compares the axis as written with [ndim - 1]), so the Reshape kernel fails:
  'Input to reshape is a tensor with 4 values, but the requested shape has 5' (tapeflow: Mul's
  'Incompatible shapes: [2,5] vs. [2,4]').
Printed by TF 2.21 (notes/progs/errors33/ln.py, ln2.py, ln_golden.py).
"""
import numpy as np
import pytest

import framework as tf
from framework import keras

X3 = np.arange(24, dtype='float32').reshape(2, 3, 4) ** 1.5


# TF 2.21's bits on the AVX-512 Xeon, which numpy's and OpenBLAS's rounding there decides too
@pytest.mark.avx512_bits
def test_built_on_rank_two_normalizes_the_last_axis_of_rank_three():
    layer = keras.layers.LayerNormalization()
    layer(tf.ones([2, 4]))
    out = layer(tf.constant(X3)).numpy()
    # TF 2.21: [float(v).hex() for v in out[0, 0]], out[1, 2]
    assert [float(v).hex() for v in out[0, 0]] == ['-0x1.240f9e0000000p+0', '-0x1.4538260000000p-1',
                                                   '0x1.2854a80000000p-2', '0x1.7c96820000000p+0']
    assert [float(v).hex() for v in out[1, 2]] == ['-0x1.54c4d00000000p+0', '-0x1.d4a5c00000000p-2',
                                                   '0x1.bf56800000000p-2', '0x1.5a18900000000p+0']
    # the statistics run over the last axis: every row has mean 0
    np.testing.assert_allclose(out.mean(axis=-1), 0.0, atol=1e-6)


@pytest.mark.parametrize('options', [{}, {'scale': False}, {'axis': [1, 2], 'built_on': [2, 3, 4]}])
def test_normalized_axes_of_another_size_fail_in_reshape(options):
    options = dict(options)
    built_on = options.pop('built_on', [2, 4])
    layer = keras.layers.LayerNormalization(**options)
    layer(tf.ones(built_on))
    wrong = built_on[:-1] + [5]
    values, requested = int(np.prod(built_on[1:])), int(np.prod(wrong[1:]))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(tf.ones(wrong))
    assert ('{{function_node __wrapped__Reshape_device_/job:localhost/replica:0/task:0/device:CPU:0}} Input to '
            'reshape is a tensor with %d values, but the requested shape has %d [Op:Reshape]' % (values, requested)
            in str(caught.value))


def test_axis_written_as_the_last_index_is_not_reshaped():
    # TF 2.21: LayerNormalization(axis=1) built on (2, 4), called on (2, 5): the Mul of the broadcast fails
    layer = keras.layers.LayerNormalization(axis=1)
    layer(tf.ones([2, 4]))
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        layer(tf.ones([2, 5]))
    assert 'Incompatible shapes: [2,5] vs. [2,4] [Op:Mul]' in str(caught.value)
