"""keras.metrics.AUC results carry TF 2.21's last bit: the areas are summed in TF's
float32 order (eigen_sum) and the PR interpolation takes TF's float32 log (eigen_math).

Golden values: float(m.result()) printed by TF 2.21 for the same labels, scores and
arguments (the program is this file's data lines with `from tensorflow import keras`).
numpy's pairwise sum gave 0.6635149717330933 for num_thresholds=50 and numpy's log
0.6550440192222595 for the multi-label PR curve.
"""
import numpy as np
import pytest

from framework import keras

_y = (np.sin(np.arange(60) * 1.7) > 0).astype('float32')
_p = ((np.cos(np.arange(60) * 0.9) + 1) / 2 * 0.8 + _y * 0.2).astype('float32')
_Y = np.stack([_y, 1 - _y, _y[::-1]], 1)
_P = np.stack([_p, _p[::-1], 1 - _p], 1)



@pytest.fixture(autouse=True)
def _fresh_names():
    # AUC() takes the next auto-name ('auc_3'); leave the counters as found for tests that print names
    yield
    keras.backend.clear_session()


CASES = [
    ({}, False, 0.6662958860397339),
    ({'curve': 'PR'}, False, 0.7278677225112915),
    ({'summation_method': 'minoring'}, False, 0.6651835441589355),
    ({'summation_method': 'majoring'}, False, 0.6674082279205322),
    ({'num_thresholds': 50}, False, 0.663515031337738),
    ({'multi_label': True}, True, 0.6377456188201904),
    ({'multi_label': True, 'label_weights': [0.2, 0.5, 0.3]}, True, 0.6320355534553528),
    ({'multi_label': True, 'curve': 'PR'}, True, 0.6550439596176147),
]


@pytest.mark.parametrize('kwargs,multi,expected', CASES)
def test_auc_result_has_tf_bits(kwargs, multi, expected):
    m = keras.metrics.AUC(**kwargs)
    m.update_state(_Y if multi else _y, _P if multi else _p)
    result = m.result()
    assert result.dtype == 'float32'
    assert float(result) == expected


def test_auc_in_fit_logs_matches_tf(tmp_path):
    # a CSVLogger line of a beginner's fit with metrics=['accuracy', 'AUC'] (TF 2.21 wrote these values)
    keras.utils.set_random_seed(24)
    X = np.random.rand(40, 2).astype('float32')
    y = (X[:, 0] > X[:, 1]).astype('float32')
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1, activation='sigmoid')])
    model.compile(optimizer='adam', loss='binary_crossentropy', metrics=['accuracy', 'AUC'])
    history = model.fit(X, y, epochs=3, verbose=0, validation_split=0.25)
    assert history.history['AUC'] == [0.8899521827697754, 0.8923444747924805, 0.8923444747924805]
    assert history.history['val_AUC'] == [0.6399999856948853, 0.6399999856948853, 0.6399999856948853]
