"""tf.strings.join / length / lower / upper / strip / split carry TF 2.21's Python names (string_join,
string_length_v2, string_lower, string_upper, string_strip, string_split_v2), shown in their repr and in
Python's argument errors, and pickle by reference as TF's; tapeflow named them join, length, ... . tf.strings
gains no public name (TF's has no strings.string_join). Probe: /work/notes/progs/errors55/sn.py."""
import pickle

import pytest

import framework as tf

NAMES = [('join', 'string_join'), ('length', 'string_length_v2'), ('lower', 'string_lower'),
         ('upper', 'string_upper'), ('strip', 'string_strip'), ('split', 'string_split_v2')]


@pytest.mark.parametrize('public, name', NAMES)
def test_tf_python_names(public, name):
    f = getattr(tf.strings, public)
    assert (f.__name__, f.__qualname__) == (name, name)        # TF 2.21's
    assert pickle.loads(pickle.dumps(f)) is f
    assert not hasattr(tf.strings, name)


@pytest.mark.parametrize('public, name', [('lower', 'string_lower'), ('upper', 'string_upper'),
                                          ('strip', 'string_strip')])
def test_python_argument_errors_name_tfs_function(public, name):
    # TF 2.21: "string_lower() missing 1 required positional argument: 'input'", ...
    f = getattr(tf.strings, public)
    with pytest.raises(TypeError) as err:
        f()
    assert str(err.value) == "%s() missing 1 required positional argument: 'input'" % name
    with pytest.raises(TypeError) as err:
        f(tf.constant(['a']), bogus=1)
    assert str(err.value) == "%s() got an unexpected keyword argument 'bogus'" % name


def test_the_ops_still_work():
    # TF 2.21's values
    assert tf.strings.join(['a', 'b'], separator='-').numpy() == b'a-b'
    assert tf.strings.length(tf.constant(['ab', ''])).numpy().tolist() == [2, 0]
    assert tf.strings.upper('aB').numpy() == b'AB'
    assert tf.strings.lower(tf.ragged.constant([['aB'], []])).to_list() == [[b'ab'], []]
    assert tf.strings.strip(' a ').numpy() == b'a'
    assert tf.strings.split(tf.constant(['a b', 'c'])).to_list() == [[b'a', b'b'], [b'c']]
