"""A weight of unknown shape is named by its whole path, as Keras 3's Variable check names it (TF 2.21):

    keras.Sequential([keras.layers.Dense(2)]).build((None, None))
    ValueError: Shapes used to initialize variables must be fully-defined (no `None` dimensions).
    Received: shape=(None, 2) for variable path='sequential/dense/kernel'
"""
import pytest

from framework import keras


@pytest.mark.parametrize('make, path', [
    (lambda: keras.Sequential([keras.layers.Dense(2)]), 'sequential/dense/kernel'),
    (lambda: keras.Sequential([keras.Sequential([keras.layers.Dense(2)], name='inner')]), 'sequential/inner/dense/kernel'),
    (lambda: keras.layers.Dense(2), 'dense/kernel'),
])
def test_dense_kernel_of_unknown_width_is_named_by_its_whole_path(make, path):
    keras.backend.clear_session()
    with pytest.raises(ValueError, match="Received: shape=\\(None, 2\\) for variable path='%s'" % path):
        make().build((None, None))


def test_add_weight_of_unknown_shape_is_named_by_its_whole_path():
    keras.backend.clear_session()

    class L(keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1], 2), name='w')

        def call(self, x):
            return x

    with pytest.raises(ValueError, match="Received: shape=\\(None, 2\\) for variable path='sequential/l/w'"):
        keras.Sequential([L(name='l')]).build((None, None))
    with pytest.raises(ValueError, match="Received: shape=\\(None, 2\\) for variable path='l/w'"):
        L(name='l').build((None, None))
