"""fit(shuffle=True), fit's default, on a PyDataset whose num_batches is None: Keras 3 warns that it reads it
in order (TF 2.21, /work/notes/progs/modelfuzz10/p14.py, 'pyds endless spe'); tapeflow said nothing."""
import warnings

import numpy as np
import pytest

from framework import keras

X = np.random.RandomState(0).rand(40, 3).astype('float32')
Y = (X.sum(1, keepdims=True) > 1.5).astype('float32')
TEXT = ('`shuffle=True` was passed, but will be ignored since the data `x` was provided as an infinite PyDataset. '
        'The PyDataset is expected to already be shuffled.')


class Batches(keras.utils.PyDataset):
    def __init__(self, endless):
        super().__init__()
        self.endless = endless

    def __len__(self):
        return 5

    @property
    def num_batches(self):
        return None if self.endless else 5

    def __getitem__(self, i):
        j = (i * 8) % 40
        return X[j:j + 8], Y[j:j + 8]


def fit(data, **kwargs):
    keras.utils.set_random_seed(1)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile('adam', 'binary_crossentropy')
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        model.fit(data, epochs=1, steps_per_epoch=3, verbose=0, **kwargs)
    return [str(w.message) for w in caught if 'shuffle' in str(w.message)]


@pytest.mark.parametrize('endless, kwargs, expected', [
    (True, {}, [TEXT]),
    (True, {'shuffle': False}, []),
    (False, {}, []),
])
def test_an_endless_py_dataset_warns_that_shuffle_is_ignored(endless, kwargs, expected):
    assert fit(Batches(endless), **kwargs) == expected
