"""keras.ops.psnr of mismatched shapes and keras.ops.histogram of a tensor of rank > 1 print Keras 3's own
texts; tapeflow's sentence is a note. Literals: TF 2.21 + Keras 3's str(e) (kopsfuzz rows psnr|0|shape57,
psnr|1|rank_minus, histogram|0|shape57, histogram|0|rank_plus_last in /work/notes/progs/fuzz6/kout_tf.txt)."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('call, text', [
    (lambda: keras.ops.psnr(np.ones((5, 7), np.float32), np.ones((2, 3), np.float32), 1.0),
     'Input shapes (5, 7) and (2, 3) must match for PSNR calculation. '),
    (lambda: keras.ops.psnr(np.ones((2, 3), np.float32), np.ones((3,), np.float32), 1.0),
     'Input shapes (2, 3) and (3,) must match for PSNR calculation. '),
    (lambda: keras.ops.histogram(np.ones((5, 7), np.float32)),
     'Input tensor must be 1-dimensional. Received: input.shape=(5, 7)'),
    (lambda: keras.ops.histogram(np.ones((3, 1), np.float32)),
     'Input tensor must be 1-dimensional. Received: input.shape=(3, 1)'),
])
def test_a_shape_error_prints_keras_text(call, text):
    with pytest.raises(ValueError) as info:
        call()
    assert type(info.value) is ValueError
    assert str(info.value) == text
    assert any(note.startswith('keras.ops.') for note in info.value.__notes__)
