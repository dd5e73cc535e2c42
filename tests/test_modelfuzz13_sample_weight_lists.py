"""Per-output sample weights given as lists of numpy scalars (list(w) for each output): Keras 3's array adapter
compares their nesting with y's before it counts the samples, so TF 2.21 raises its 'one `sample_weight`
array per output' ValueError (printed by TF 2.21 for the program below, with `from tensorflow import keras`;
also /work/notes/progs/modelfuzz13/p14.py 'sw_list_of_lists'), where tapeflow raised the sample count's IndexError.
"""
import numpy as np
import pytest

from framework import keras


def test_lists_of_numpy_scalars_as_per_output_weights_are_a_structure_error():
    a, b = keras.Input((3,)), keras.Input((2,))
    m = keras.Model([a, b], [keras.layers.Dense(1)(a), keras.layers.Dense(1)(b)])
    m.compile('sgd', 'mse')
    x, xb, y = np.zeros((4, 3), 'float32'), np.zeros((4, 2), 'float32'), np.zeros((4, 1), 'float32')
    weights = list(np.ones(4, 'float32'))
    with pytest.raises(ValueError) as error:
        m.fit([x, xb], [y, y], sample_weight=[weights, weights], verbose=0)
    # TF 2.21: "You should provide one `sample_weight` array per output in `y`. The two structures did not
    # match:\n- y: [array([[0.], ...\n- sample_weight: [[np.float32(1.0), np.float32(1.0), ...]]\n"
    assert str(error.value) == ('You should provide one `sample_weight` array per output in `y`. The two '
                                'structures did not match:\n- y: %s\n- sample_weight: %s\n' % ([y, y], [weights, weights]))
    # one list of scalars for a single output stays the sample count's IndexError, as in TF
    single = keras.Model(a, keras.layers.Dense(1)(a))
    single.compile('sgd', 'mse')
    with pytest.raises(IndexError, match='tuple index out of range'):
        single.fit(x, y, sample_weight=weights, verbose=0)
