"""errors22: keras.layers.Softmax refuses a mask that does not broadcast to its inputs in Keras 3.15's words (printed
by TF 2.21, /work/notes/progs/errors22/e8.py); tapeflow's where() failed in the SelectV2 kernel's words."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('mask_shape, words', [
    ((2, 4), 'The `mask` must be broadcastable to `inputs`. Each mask dimension must be 1 or match the corresponding '
             'input dimension. Received: inputs.shape=(2, 3), mask.shape=(2, 4)'),
    ((1, 2, 3), 'The `mask` must be broadcastable to `inputs` and must not have more dimensions. Received: '
                'inputs.shape=(2, 3), mask.shape=(1, 2, 3)'),
])
def test_a_mask_that_does_not_broadcast(mask_shape, words):
    with pytest.raises(ValueError) as caught:
        keras.layers.Softmax()(np.ones((2, 3), 'float32'), mask=np.ones(mask_shape, bool))
    assert '\x1b[1m%s\x1b[0m' % words in str(caught.value)


def test_a_mask_that_broadcasts_still_masks():
    out = keras.layers.Softmax()(np.zeros((2, 3), 'float32'), mask=np.array([[True, True, False]]))
    np.testing.assert_allclose(out.numpy(), [[0.5, 0.5, 0.0]] * 2)
