"""from_generator's failures under ignore_errors, and its tf.string components, as TF 2.21.

Printed by TF 2.21 (/work/notes/progs/data10/p10.py, p11.py):
    S = tf.TensorSpec((), tf.int32)
    from_generator(lambda: iter([1, 'a', 3, [4, 5], 6]), output_signature=S).ignore_errors()  -> [1, 3, 6]
    an iterator raising KeyError at its 2nd element, then 3, 4                                -> [1, 3, 4]
    a Python generator raising ValueError after yielding 1                                    -> [1]
    from_generator(lambda: iter([(1, 'a')]), output_signature=(S, TensorSpec((), tf.string)))  -> (1, b'a')
    a tf.string component given 5: InternalError '{{function_node __wrapped__IteratorGetNext_output_types_2_device_
        /job:localhost/replica:0/task:0/device:CPU:0}} Unsupported object type int\n\t [[{{node PyFunc}}]] ...'
"""
import pytest

import framework as tf

S = tf.TensorSpec((), tf.int32)


def _values(ds):
    return [x.tolist() if hasattr(x, 'tolist') else x for x in ds.as_numpy_iterator()]


def test_elements_that_do_not_fit_are_dropped_and_the_generator_goes_on():
    ds = tf.data.Dataset.from_generator(lambda: iter([1, 'a', 3, [4, 5], 6]), output_signature=S)
    assert _values(ds.ignore_errors()) == [1, 3, 6]
    assert _values(ds.ignore_errors().repeat(2)) == [1, 3, 6, 1, 3, 6]


class _RaisesAtTwo:
    def __init__(self):
        self.count = 0

    def __iter__(self):
        return self

    def __next__(self):
        self.count += 1
        if self.count == 2:
            raise KeyError('two')
        if self.count > 4:
            raise StopIteration
        return self.count


def test_an_iterator_raising_midway_is_asked_again():
    assert _values(tf.data.Dataset.from_generator(_RaisesAtTwo, output_signature=S).ignore_errors()) == [1, 3, 4]


def test_a_python_generator_that_raised_is_finished():
    def gen():
        yield 1
        raise ValueError('bad thing')
    ds = tf.data.Dataset.from_generator(gen, output_signature=S)
    assert _values(ds.ignore_errors()) == [1]
    with pytest.raises(tf.errors.InvalidArgumentError, match='ValueError: bad thing'):
        list(ds)


def test_string_components_are_bytes():
    ds = tf.data.Dataset.from_generator(lambda: iter([(1, 'a'), (2, 'é')]),
                                        output_signature=(S, tf.TensorSpec((), tf.string)))
    assert _values(ds) == [(1, b'a'), (2, 'é'.encode('utf-8'))]
    ds = tf.data.Dataset.from_generator(lambda: iter([['a', b'b']]), output_signature=tf.TensorSpec((2,), tf.string))
    [row] = list(ds.as_numpy_iterator())
    assert row.tolist() == [b'a', b'b']


@pytest.mark.parametrize('item, kind, components', [((1, 5), 'int', 2), (['a', 2.5], 'float', 1)])
def test_other_objects_in_string_components_are_internal_errors(item, kind, components):
    sig = (S, tf.TensorSpec((), tf.string)) if components == 2 else tf.TensorSpec((2,), tf.string)
    ds = tf.data.Dataset.from_generator(lambda: iter([item]), output_signature=sig)
    with pytest.raises(tf.errors.InternalError) as info:
        list(ds)
    assert str(info.value).split('\n')[0] == (
        '{{function_node __wrapped__IteratorGetNext_output_types_%d_device_/job:localhost/replica:0/task:0/device:'
        'CPU:0}} Unsupported object type %s' % (components, kind))
