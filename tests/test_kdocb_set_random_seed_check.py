"""keras.utils.set_random_seed checks its seed as Keras 3.15 does (TF 2.21 run of the same calls):
only a Python int passes (a numpy integer is refused), in Keras's words."""
import numpy as np
import pytest

from framework import keras


@pytest.mark.parametrize('seed, text', [
    (np.int64(3), "Expected `seed` argument to be an integer. Received: seed=3 (of type <class 'numpy.int64'>)"),
    (3.5, "Expected `seed` argument to be an integer. Received: seed=3.5 (of type <class 'float'>)"),
    (-1, 'Seed must be between 0 and 2**32 - 1'),
    (2 ** 33, 'Seed must be between 0 and 2**32 - 1'),
])
def test_bad_seeds(seed, text):
    with pytest.raises(ValueError) as err:
        keras.utils.set_random_seed(seed)
    assert str(err.value) == text
