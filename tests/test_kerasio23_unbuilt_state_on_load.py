"""Loading a .keras file whose custom layer has no build() but sublayers: Keras 3.15's build_from_config
calls the default build, which warns that the sublayers look unbuilt (TF 2.21 prints it once)."""
import warnings

import numpy as np

from framework import keras


@keras.utils.register_keras_serializable(package='kerasio23')
class _Block(keras.layers.Layer):
    def __init__(self, n=2, **kwargs):
        super().__init__(**kwargs)
        self.n = n
        self.dense = [keras.layers.Dense(2) for _ in range(n)]

    def call(self, x):
        for d in self.dense:
            x = d(x)
        return x

    def get_config(self):
        return {**super().get_config(), 'n': self.n}


def test_keras_file_load_warns_for_a_build_less_container(tmp_path):
    model = keras.Sequential([keras.Input((2,)), _Block(3, name='blk'), keras.layers.Dense(1)])
    model.save(tmp_path / 'm.keras')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        loaded = keras.models.load_model(tmp_path / 'm.keras')
    texts = [str(w.message) for w in caught]
    assert texts == ["`build()` was called on layer 'blk', however the layer does not have a `build()` method "
                     'implemented and it looks like it has unbuilt state. This will cause the layer to be marked as '
                     'built, despite not being actually built, which may cause failures down the line. Make sure to '
                     'implement a proper `build()` method.']
    x = np.ones((1, 2), 'float32')
    np.testing.assert_allclose(loaded.predict(x, verbose=0), model.predict(x, verbose=0))
