"""Weights of one name refused by the legacy .h5 writer in h5py's words, as on TF 2.21.

Keras 3.15 writes a legacy .h5 file dataset by dataset; a second weight of the same path (a layer
with two add_weight(name='w'), or Adafactor's placeholder slots of a Dense's bias) meets h5py's
ValueError 'Unable to synchronously create dataset (name already exists)'. tapeflow raised its own
sentence, which rides as a note now. The .keras and .weights.h5 layouts number the weights and
save them (TF 2.21 too). Expected values: /work/notes/progs/kerasio26/p20_h5_dup_names.py.
Unlike TF, which leaves the half-written file, tapeflow's atomic write leaves none.
"""
import numpy as np
import pytest

from framework import keras

X = np.ones((4, 3), 'float32')


class Two(keras.layers.Layer):
    def build(self, shape):
        self.a = self.add_weight(shape=(shape[-1],), name='w')
        self.b = self.add_weight(shape=(shape[-1],), name='w')

    def call(self, x):
        return x * self.a + self.b


@pytest.mark.parametrize('first', [Two, None])
def test_duplicate_weight_paths_are_h5py_value_error(tmp_path, first):
    layers = [keras.Input((3,))] + ([first()] if first else []) + [keras.layers.Dense(1)]
    model = keras.Sequential(layers)
    model.compile(keras.optimizers.Adafactor(), 'mse')
    model.fit(X, np.ones((4, 1)), verbose=0)
    with pytest.raises(ValueError) as info:
        model.save(tmp_path / 'm.h5')
    assert str(info.value) == 'Unable to synchronously create dataset (name already exists)'
    assert 'several weights are named' in info.value.__notes__[0]
    assert not (tmp_path / 'm.h5').exists()
    model.save_weights(tmp_path / 'm.weights.h5')
    model.save(tmp_path / 'm.keras')
