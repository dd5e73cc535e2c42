"""Dataset.with_options with something other than a tf.data.Options fails as TF 2.21's does (it calls
options._to_proto() first). Printed by TF 2.21:
    for v in [5, None, 'x', {'a': 1}, tf.data.Options]:
        try: tf.data.Dataset.range(3).with_options(v)
        except Exception as e: print(type(e).__name__, e)
    AttributeError 'int' object has no attribute '_to_proto'   (NoneType / str / dict alike)
    TypeError Options._to_proto() missing 1 required positional argument: 'self'
Before, tapeflow raised TypeError 'Dataset.with_options: expected a tf.data.Options, got int'.
"""
import pytest

import framework as tf


@pytest.mark.parametrize('value, kind', [(5, 'int'), (None, 'NoneType'), ('x', 'str'), ({'a': 1}, 'dict')])
def test_non_options_have_no_to_proto(value, kind):
    with pytest.raises(AttributeError, match="^'%s' object has no attribute '_to_proto'" % kind):
        tf.data.Dataset.range(3).with_options(value)


def test_the_options_class_itself():
    with pytest.raises(TypeError, match=r"^Options\._to_proto\(\) missing 1 required positional argument: 'self'"):
        tf.data.Dataset.range(3).with_options(tf.data.Options)


def test_real_options_still_apply():
    options = tf.data.Options()
    options.deterministic = False
    assert tf.data.Dataset.range(3).with_options(options).options().deterministic is False
