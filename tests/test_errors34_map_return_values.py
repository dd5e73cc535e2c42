"""errors34: a Dataset.map function returning a value that cannot be a tensor (an arbitrary Python object) is TF 2.21's
TypeError from its trace of the function (printed by /work/notes/progs/errors34/data1.py, data3.py under /opt/tfref):

    tf.data.Dataset.range(5).map(lambda x: object())
    # TypeError: Unsupported return value from function passed to Dataset.map(): <object object at 0x...>.

tapeflow raised ValueError 'Attempt to convert a value (<object ...>) with an unsupported type ...' at the first
element (its trace runs there; see framework/data/stage_function.py), and a tuple holding such an object passed."""
import pytest

import framework as tf

_PREFIX = 'Unsupported return value from function passed to Dataset.map(): '


class _Opaque:
    def __repr__(self):
        return '<opaque>'


@pytest.mark.parametrize('make, shown', [
    (lambda x: _Opaque(), '<opaque>'),
    (lambda x: (x * 0, _Opaque()), '(<tf.Tensor: shape=(), dtype=int64, numpy=0>, <opaque>)'),
])
def test_an_unsupported_return_value_is_tf_type_error(make, shown):
    # Dataset.map raises it (TF 2.21 traces the function there); from a generator, at the first read
    with pytest.raises(TypeError) as caught:
        tf.data.Dataset.range(3).map(make)
    assert str(caught.value) == _PREFIX + shown + '.'
    ds = tf.data.Dataset.from_generator(lambda: iter([0]), output_signature=tf.TensorSpec((), tf.int64)).map(make)
    with pytest.raises(TypeError) as caught:
        list(ds)
    assert str(caught.value) == _PREFIX + shown + '.'
    assert '_Opaque' in caught.value.__notes__[-1]


def test_supported_return_values_still_map():
    ds = tf.data.Dataset.range(3).map(lambda x: (x, 'a', {'k': [x, x]}))
    first = next(iter(ds))
    assert int(first[0]) == 0 and first[1].numpy() == b'a' and first[2]['k'].shape == (2,)
