"""tf.signal's real transforms given other dtypes, too few dimensions or nothing to transform:
TensorFlow 2.21's classes, texts and empty results (tapeflow's sentence a note).

Golden texts and shapes: /work/notes/progs/errors9/p/f1.py run under TensorFlow 2.21."""
import numpy as np
import pytest

import framework as tf

INT = "tf.Tensor(\n[[1 2]\n [3 4]], shape=(2, 2), dtype=int32)"
HALF = "tf.Tensor(\n[[[1. 1.]\n  [1. 1.]]\n\n [[1. 1.]\n  [1. 1.]]], shape=(2, 2, 2), dtype=float16)"
TRANSFORMS = [(tf.signal.rfft, 1), (tf.signal.rfft2d, 2), (tf.signal.rfft3d, 3)]


@pytest.mark.parametrize('transform, rank', TRANSFORMS)
def test_real_transforms_refuse_tensors_of_other_dtypes_in_tensorflows_words(transform, rank):
    for given, shown in [(tf.constant([[1, 2], [3, 4]]), INT), (tf.ones([2, 2, 2], tf.float16), HALF),
                         (tf.constant(['a']), "tf.Tensor([b'a'], shape=(1,), dtype=string)")]:
        with pytest.raises(ValueError) as err:
            transform(given)
        assert str(err.value) == 'RFFT requires tf.float32 or tf.float64 inputs, got: ' + shown
        assert 'float32 or float64' in err.value.__notes__[0]
    with pytest.raises(ValueError) as err:
        transform(np.float32(1.0))
    assert str(err.value) == 'Shape () must have rank at least %d' % rank


def test_numpy_inputs_convert_preferring_float32_as_tensorflow():
    assert tf.signal.rfft(np.ones(4, 'float16')).dtype == tf.complex64
    assert tf.signal.rfft(np.ones(4, 'int64')).shape == (3,)
    with pytest.raises(ValueError) as err:
        tf.signal.rfft2d(np.ones(4, 'float16'))
    assert str(err.value) == 'Shape (4,) must have rank at least 2'


@pytest.mark.parametrize('transform, given, shape', [
    (tf.signal.rfft, np.zeros((2, 0), 'float32'), (2, 0)),
    (tf.signal.rfft2d, np.zeros((2, 2, 0), 'float32'), (2, 2, 0)),
    (tf.signal.rfft3d, np.zeros((0, 2, 2), 'float32'), (0, 2, 2)),
    (tf.signal.rfft3d, np.zeros((2, 2, 0), 'float32'), (2, 2, 0)),
    (tf.signal.irfft, np.zeros((2, 0), 'complex64'), (2, 0)),
    (tf.signal.irfft2d, np.zeros((2, 2, 0), 'complex64'), (2, 2, 0)),
    (tf.signal.fft, np.zeros((2, 0), 'complex64'), (2, 0)),
    (tf.signal.ifft2d, np.zeros((2, 0), 'complex64'), (2, 0)),
])
def test_transforms_of_nothing_are_empty_as_tensorflow(transform, given, shape):
    out = transform(given)
    assert tuple(out.shape) == shape and not np.asarray(out).any()
