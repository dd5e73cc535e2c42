"""keras.utils.timeseries_dataset_from_array's arguments as Keras 3.15 on TF 2.21 takes them: its ``format``
('tf' / 'grain', checked after the index and stride checks), ``len(data)`` on what it is given, an end_index
of 0 (no windows), float lengths (windows counted with them, cut with tf.cast's truncated ints) and a string
series (GatherV2's shape error). Goldens: TF 2.21 printed them (notes/progs/errors58/ts3.py, utils2.py)."""
import numpy as np
import pytest

from framework import keras

ts = keras.utils.timeseries_dataset_from_array
X = np.arange(20, dtype='float32')
Y = np.arange(20)


def _values(ds):
    return [np.asarray(b).tolist() if not isinstance(b, tuple) else [np.asarray(t).tolist() for t in b] for b in ds]


def _raised(call):
    with pytest.raises(Exception) as info:
        call()
    return type(info.value).__name__, str(info.value)


def test_format():
    assert _values(ts(X[:5], None, 3, format='tf')) == [[[0.0, 1.0, 2.0], [1.0, 2.0, 3.0], [2.0, 3.0, 4.0]]]
    for given in ('bad', None):
        assert _raised(lambda: ts(X, None, 3, format=given)) == (
            'ValueError', '`format` should be either "tf" or "grain". Received: format=%s' % given)
    assert _raised(lambda: ts(X, None, 3, format='grain')) == (
        'ImportError', 'This requires the grain module. You can install it via `pip install grain`')
    # the index and stride checks come first
    assert _raised(lambda: ts(X, None, 3, start_index=-1, format='bad')) == (
        'ValueError', '`start_index` must be 0 or greater. Received: start_index=-1')
    assert _raised(lambda: ts(X, None, 3, sampling_rate=0, format='bad')) == (
        'ValueError', '`sampling_rate` must be higher than 0. Received: sampling_rate=0')


@pytest.mark.parametrize('data, kw, words', [
    (None, {}, "object of type 'NoneType' has no len()"),
    (None, dict(start_index=1), "object of type 'NoneType' has no len()"),
    (None, dict(end_index=1), "object of type 'NoneType' has no len()"),
    (5, {}, "object of type 'int' has no len()"),
])
def test_data_without_a_length(data, kw, words):
    assert _raised(lambda: ts(data, None, 3, **kw)) == ('TypeError', words)


def test_string_series():
    assert _raised(lambda: ts('abc', None, 1)) == (
        'ValueError', "Shape must be at least rank 1 but is rank 0 for '{{node GatherV2}} = GatherV2[Taxis=DT_INT32, "
                      "Tindices=DT_INT32, Tparams=DT_STRING, batch_dims=0](args_0, args_1, GatherV2/axis)' with input "
                      "shapes: [], [?], [].")


@pytest.mark.parametrize('kw', [dict(end_index=0), dict(start_index=0, end_index=0), dict(start_index=2, end_index=0)])
def test_end_index_zero_gives_no_windows(kw):
    assert _values(ts(X, None, 3, **kw)) == []
    assert _values(ts(X, Y, 3, **kw)) == []


def test_float_lengths():
    # sequence_length 2.5: 19 windows of 2 steps
    windows = _values(ts(X, None, 2.5))[0]
    assert len(windows) == 19 and windows[0] == [0.0, 1.0] and windows[-1] == [18.0, 19.0]
    # sampling_rate 2.5: 15 windows (20 - 2 * 2.5) sampled every 2 steps
    windows = _values(ts(X, None, 3, sampling_rate=2.5))[0]
    assert len(windows) == 15 and windows[0] == [0.0, 2.0, 4.0] and windows[-1] == [14.0, 16.0, 18.0]
    assert _values(ts(X, None, 3, sampling_rate=np.float32(2.0)))[0][-1] == [15.0, 17.0, 19.0]
    windows, targets = _values(ts(X, Y, 2.5, sampling_rate=1.5))[0]
    assert len(windows) == 18 and windows[-1] == [17.0, 18.0] and targets == list(range(18))
