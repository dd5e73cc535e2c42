"""A PyDataset shorter than steps_per_epoch warns in Keras 3.15's one text for any input that runs out.

Golden text: /opt/tfref/bin/python (TF 2.21, Keras 3.15.1) fitting Dense models for 2 epochs with
steps_per_epoch=6 on a PyDataset of 4 batches: each epoch warns once (UserWarning) and logs 6 steps.
"""
import warnings

import numpy as np

from framework import keras

KERAS_TEXT = ('Your input ran out of data; interrupting training. Make sure that your dataset or generator can '
              'generate at least `steps_per_epoch * epochs` batches. You may need to use the `.repeat()` function '
              'when building your dataset.')


class FourBatches(keras.utils.PyDataset):
    def __len__(self):
        return 4

    def __getitem__(self, index):
        x = np.full((7, 4), index, 'float32')
        return x, x[:, :1]


def test_a_short_pydataset_warns_as_keras_does():
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((4,)), keras.layers.Dense(1)])
    model.compile('sgd', 'mse')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        history = model.fit(FourBatches(), epochs=2, steps_per_epoch=6, verbose=0)
    assert [(w.category, str(w.message)) for w in caught] == [(UserWarning, KERAS_TEXT)] * 2
    assert history.params == {'verbose': 0, 'epochs': 2, 'steps': 6}
