"""tf.pad of a string tensor fills with TF 2.21's values, held as Python bytes like every other
string element: Pad's T() (b'') for the default constant_values=0, the given string otherwise."""
import framework as tf


def _elements(t):
    return [(type(v), v) for v in t.numpy().ravel()]


def test_default_fill_is_the_empty_string():
    # TF 2.21: [b'', b'a', b''], strings.length [0, 1, 0] (tapeflow stored numpy int64 zeros)
    out = tf.pad(['a'], [[1, 1]])
    assert out.dtype == tf.string
    assert _elements(out) == [(bytes, b''), (bytes, b'a'), (bytes, b'')]
    assert tf.strings.length(out).numpy().tolist() == [0, 1, 0]
    # TF 2.21: [[b'', b'', b''], [b'a', b'bc', b'']], lengths [[0, 0, 0], [1, 2, 0]]
    out = tf.pad([['a', 'bc']], [[1, 0], [0, 1]])
    assert tf.strings.length(out).numpy().tolist() == [[0, 0, 0], [1, 2, 0]]
    assert _elements(tf.pad(['a'], [[1, 1]], constant_values=0))[0] == (bytes, b'')


def test_given_fill_is_stored_as_bytes():
    # TF 2.21: [b'z', b'a', b'z'] (tapeflow held np.bytes_ b'z' in the padding)
    for fill in ('z', b'z', tf.constant('z')):
        assert _elements(tf.pad(['a'], [[1, 1]], constant_values=fill)) == [(bytes, b'z'), (bytes, b'a'), (bytes, b'z')]
    assert _elements(tf.pad(['a'], [[0, 1]], constant_values='')) == [(bytes, b'a'), (bytes, b'')]
