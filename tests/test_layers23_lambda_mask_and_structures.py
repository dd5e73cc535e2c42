"""Lambda.compute_mask and Lambda.compute_output_shape without output_shape over structures, as Keras 3 on
TF 2.21. Probes: /work/notes/progs/layers23/c10.py, c11.py."""
import numpy as np
import pytest

import framework as tf
from framework import keras


def test_compute_mask_gives_the_mask_or_the_functions_answer():
    # TF 2.21: the array given as mask (tapeflow's base class returned the previous mask, None)
    layer = keras.layers.Lambda(lambda x: x * 2, mask=np.array([True, False]))
    assert layer.compute_mask(np.ones((1, 2)), None).tolist() == [True, False]
    assert keras.layers.Lambda(lambda x: x * 2, mask=lambda i, m: m).compute_mask(np.ones((1, 2)), 5) == 5
    assert keras.layers.Lambda(lambda x: x * 2).compute_mask(np.ones((1, 2)), 5) is None      # TF 2.21: None


def test_masks_through_calls_are_unchanged():
    x = np.array([[[1.], [0.]]], 'float32')
    masked = keras.layers.Masking()(x)
    assert getattr(keras.layers.Lambda(lambda t: t * 2)(masked), '_keras_mask', None) is None
    out = keras.layers.Lambda(lambda t: t * 2, mask=lambda i, m: m)(masked)
    assert out._keras_mask.numpy().tolist() == [[True, False]]


def test_structured_outputs_and_inputs_are_inferred():
    # TF 2.21 gives each of these (tapeflow raised 'We could not automatically infer the shape ...')
    assert keras.layers.Lambda(lambda x: [x, x * 2]).compute_output_shape((None, 3)) == [(None, 3), (None, 3)]
    assert keras.layers.Lambda(lambda x: {'a': x, 'b': x[:, :1]}).compute_output_shape((None, 3)) == \
        {'a': (None, 3), 'b': (None, 1)}
    assert keras.layers.Lambda(lambda x: (x, x[:, :1])).compute_output_shape((None, 3)) == ((None, 3), (None, 1))
    assert keras.layers.Lambda(lambda x: [x[0] + 1, x[1]]).compute_output_shape([(None, 3), (None, 2)]) == \
        [(None, 3), (None, 2)]
    assert keras.layers.Lambda(lambda x: x[0] * x[1]).compute_output_shape([(None, 3), (None, 3)]) == (None, 3)
    joined = keras.layers.Lambda(lambda x: tf.concat([x['a'], x['b']], axis=1))
    assert joined.compute_output_shape({'a': (None, None, 3), 'b': (None, 2, 3)}) == (None, None, 3)
    summed = keras.layers.Lambda(lambda x: [x, tf.reduce_sum(x, axis=1)])
    assert summed.compute_output_shape((None, None, 4)) == [(None, None, 4), (None, 4)]


def test_functions_that_fail_on_stand_ins_are_still_refused():
    for fn in (lambda x: [x, x.numpy()], lambda x: [x, 3]):
        with pytest.raises(NotImplementedError, match="could not automatically infer the shape of the Lambda"):
            keras.layers.Lambda(fn).compute_output_shape((None, 4))
