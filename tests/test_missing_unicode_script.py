"""tf.strings.unicode_script (framework/strings_script.py): ICU script codes as TensorFlow 2.21 returns them.

Golden values from /opt/tfref (TF 2.21), /work/notes/progs/missing/probe_special.py and tf_scripts.py; the
table itself was compared there with TF's kernel on all 0x110000 code points (identical)."""
import numpy as np
import pytest

import framework as tf
from framework.errors import InvalidArgumentError


def test_common_scripts_match_tf():
    # H, Cyrillic zhe, alef (Hebrew), Arabic alef, CJK one, hiragana a, katakana a, Hangul ga, Thai ko kai,
    # Devanagari ka, '0', ' ', combining grave, -1, 0x110000, a lone surrogate
    points = [72, 0x416, 0x5d0, 0x627, 0x4e00, 0x3042, 0x30a2, 0xac00, 0x0e01, 0x0915, 0x30, 0x20, 0x300, -1,
              0x110000, 0xd800]
    out = tf.strings.unicode_script(points)
    assert out.dtype == tf.int32
    np.testing.assert_array_equal(out.numpy(), [25, 8, 19, 2, 17, 20, 22, 18, 38, 10, 0, 0, 1, -1, -1, 103])


def test_ends_of_the_code_space():
    np.testing.assert_array_equal(tf.strings.unicode_script([[-5, 0x10ffff, 0]]).numpy(), [[-1, 103, 0]])
    assert tf.strings.unicode_script(65).numpy() == 25


def test_ragged_code_points_keep_their_rows():
    chars = tf.strings.unicode_decode(['Hello', 'Привет', '语言处理'], 'UTF-8')
    scripts = tf.strings.unicode_script(chars)
    assert isinstance(scripts, tf.RaggedTensor)
    assert scripts.to_list() == [[25] * 5, [8] * 6, [17] * 4]


@pytest.mark.parametrize('bad', [tf.constant([65], tf.int64), tf.constant([1.0]), tf.constant(['a'])])
def test_other_dtypes_raise_as_tf(bad):
    with pytest.raises(InvalidArgumentError, match='unicode_script: expected an int32 tensor.*got dtype'):
        tf.strings.unicode_script(bad)


def test_values_that_are_no_tensor_name_the_op():
    with pytest.raises(ValueError, match='unicode_script: cannot use None'):
        tf.strings.unicode_script(None)
