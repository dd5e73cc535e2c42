"""A functional Softmax after Masking whose mask does not broadcast to its input builds as in TF 2.21:
Keras 3 takes the symbolic output from compute_output_shape without running call, so the mask check
fails only in a real call. tapeflow ran the layer on zeros and refused the model at build time
(/work/notes/progs/layers9/smask.py, summ.py under /opt/tfref: summary prints softmax (None, 16, 4))."""
import numpy as np
import pytest

from framework import keras


def _model():
    inputs = keras.Input((16, 5))
    x = keras.layers.Dense(4)(keras.layers.Masking()(inputs))
    return keras.Model(inputs, keras.layers.Softmax()(x))


def test_builds_and_fails_in_the_call_with_keras_text():
    model = _model()
    assert tuple(model.output.shape) == (None, 16, 4)
    with pytest.raises(ValueError, match='The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 '
                                         r'or match the corresponding input dimension. Received: inputs.shape=\(2, 16, '
                                         r'4\), mask.shape=\(2, 16\)'):
        model(np.ones((2, 16, 5), 'float32'))


def test_a_fitting_mask_given_as_an_input_masks():
    # TF 2.21: [[0.09003057 0.66524094 0. 0.24472848]] for this model
    x, m = keras.Input((4,)), keras.Input((4,), dtype='bool')
    out = keras.layers.Softmax()(x, mask=m)
    assert tuple(out.shape) == (None, 4)
    got = keras.Model([x, m], out)([np.array([[1., 3., 2., 2.]], 'float32'), np.array([[1, 1, 0, 1]], bool)]).numpy()
    np.testing.assert_allclose(got, [[0.09003057, 0.66524094, 0.0, 0.24472848]], rtol=1e-6)
