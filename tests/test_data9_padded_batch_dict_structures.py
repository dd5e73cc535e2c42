"""padded_shapes / padding_values dicts that do not match a dict element: TF 2.21's nest words (tapeflow
raised its own 'Dataset.padded_batch: `padded_shapes` ... does not match the element structure ...').
Golden texts printed by TF 2.21 with /work/notes/progs/data9/p9.py."""
import pytest

import framework as tf


def _padded(**kwargs):
    d = tf.data.Dataset.range(1, 4).map(lambda x: {'a': tf.range(x), 'b': x})
    return d.padded_batch(2, **kwargs)


Z = 'zero'
CASES = [
    (dict(padded_shapes={'a': [4]}), ValueError,
     "The two structures don't have the same sequence length. Input structure has length 1, while shallow structure has length 2."),
    (dict(padded_shapes={'a': [4], 'b': [], 'c': []}), ValueError,
     "The two structures don't have the same sequence length. Input structure has length 3, while shallow structure has length 2."),
    (dict(padded_shapes={'a': [4], 'c': []}), ValueError,
     "The two structures don't have the same keys. Input structure has keys ['a', 'c'], while shallow structure has keys ['a', 'b']."),
    (dict(padding_values={'a': Z}), ValueError,
     "The two structures don't have the same sequence length. Input structure has length 2, while shallow structure has length 1."),
    (dict(padding_values={'a': Z, 'c': Z}), ValueError,
     "The two structures don't have the same keys. Input structure has keys ['a', 'b'], while shallow structure has keys ['a', 'c']."),
    (dict(padded_shapes=([4], [])), TypeError,
     "The two structures don't have the same sequence type. Input structure has type 'tuple', while shallow structure has type 'dict'."),
    (dict(padding_values=(Z, Z)), TypeError,
     "The two structures don't have the same sequence type. Input structure has type 'dict', while shallow structure has type 'tuple'."),
]


@pytest.mark.parametrize('kwargs, kind, text', CASES)
def test_mismatched_dicts_raise_tf_nest_words(kwargs, kind, text):
    if 'padding_values' in kwargs:
        zero = tf.constant(0, tf.int64)
        values = kwargs['padding_values']
        kwargs = {'padding_values': {k: zero for k in values} if isinstance(values, dict) else tuple(zero for _ in values)}
    with pytest.raises(kind) as caught:
        _padded(**kwargs)
    assert str(caught.value) == text


def test_matching_dicts_still_pad():
    # TF 2.21: {'a': [[0, 7, 7, 7], [0, 1, 7, 7]], 'b': [1, 2]} then {'a': [[0, 1, 2, 7]], 'b': [3]}
    ds = _padded(padded_shapes={'a': [4], 'b': []}, padding_values={'a': tf.constant(7, tf.int64), 'b': tf.constant(0, tf.int64)})
    first = next(iter(ds.as_numpy_iterator()))
    assert first['a'].tolist() == [[0, 7, 7, 7], [0, 1, 7, 7]] and first['b'].tolist() == [1, 2]
