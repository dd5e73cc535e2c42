"""keras.Input / InputLayer given both batch_size and batch_shape (probe: /work/notes/progs/errors40/inp.py).
TF 2.21 (Keras 3's InputLayer): ValueError 'You cannot pass both `batch_size` and `batch_shape` at the same
time.' (tapeflow made a (4, 3) input, dropping batch_size). An input_tensor of that batch size still passes."""
import pytest

from framework import keras


@pytest.mark.parametrize('make', [
    lambda: keras.Input(batch_size=2, batch_shape=(4, 3)),
    lambda: keras.Input(batch_size=4, batch_shape=(4, 3)),       # even when they agree
    lambda: keras.layers.InputLayer(batch_size=1, batch_shape=(None, 3)),
])
def test_batch_size_with_batch_shape_is_refused(make):
    with pytest.raises(ValueError, match=r'^You cannot pass both `batch_size` and `batch_shape` at the same time\.$'):
        make()


def test_batch_size_with_an_input_tensor_of_that_size_passes():
    tensor = keras.Input(batch_shape=(4, 3))
    assert keras.Input(tensor=tensor, batch_size=4).shape == (4, 3)
    assert keras.Input(shape=(3,), batch_size=4).shape == (4, 3)
    assert keras.layers.InputLayer(batch_shape=(None, 3), batch_size=None).batch_shape == (None, 3)
