"""tf.argmax / tf.argmin given an unknown keyword name themselves in Python's TypeError ('argmax() got an unexpected
keyword argument 'dimension''); tapeflow printed its factory's '_arg.<locals>.op()'. TF 2.21's dispatcher words it
'Got an unexpected keyword argument 'dimension'' (progs/errors36/kw.py; the type is the same)."""
import pytest

import framework as tf


@pytest.mark.parametrize('op', [tf.argmax, tf.argmin, tf.math.argmax])
def test_unknown_keyword_names_the_op(op):
    with pytest.raises(TypeError, match=r"^arg(max|min)\(\) got an unexpected keyword argument 'dimension'$"):
        op(tf.ones([2, 3]), dimension=1)
    assert op.__qualname__ in ('argmax', 'argmin')
