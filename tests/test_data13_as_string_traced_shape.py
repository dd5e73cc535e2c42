"""tf.strings.as_string is TF 2.21's AsString op in a trace: it keeps its input's traced shape, so a Dataset.map
of it has TF's spec (printed by TF 2.21: /work/notes/progs/data13/p18.py, 's': TensorSpec(shape=(None, None),
dtype=tf.string) after padded_batch), and a tf.function prints Tensor("AsString:0", shape=(2,), dtype=string)."""
import framework as tf


def test_map_spec_keeps_the_open_length():
    ds = tf.data.Dataset.range(1, 4).map(lambda x: tf.strings.as_string(tf.range(x)))
    assert ds.element_spec == tf.TensorSpec((None,), tf.string)
    assert ds.padded_batch(2).element_spec == tf.TensorSpec((None, None), tf.string)
    assert [v.tolist() for v in ds.as_numpy_iterator()] == [[b'0'], [b'0', b'1'], [b'0', b'1', b'2']]


def test_traced_name_is_as_string(capsys):
    @tf.function
    def text(x):
        y = tf.strings.as_string(x)
        print(y)
        return y
    text(tf.constant([1, 2]))
    assert capsys.readouterr().out == 'Tensor("AsString:0", shape=(2,), dtype=string)\n'


def test_string_ops_keep_traced_shapes_and_names(capsys):
    # TF 2.21: each map's spec is (None,); the tf.function prints StringToNumber:0, StringUpper:0, StringLower:0,
    # StaticRegexReplace:0, StringToHashBucketFast:0, StringStrip:0 (all shape=(2,))
    ops = [lambda s: tf.strings.to_number(s), tf.strings.upper, tf.strings.lower, lambda s: tf.strings.regex_replace(s, '1', 'x'),
           lambda s: tf.strings.to_hash_bucket_fast(s, 5), tf.strings.strip]
    for op in ops:
        ds = tf.data.Dataset.range(1, 4).map(lambda x: op(tf.strings.as_string(tf.range(x))))
        assert ds.element_spec.shape.as_list() == [None]

    @tf.function
    def texts(x):
        s = tf.strings.as_string(x)
        for op in ops:
            print(op(s))
    texts(tf.constant([1, 2]))
    names = [line.split('"')[1] for line in capsys.readouterr().out.splitlines()]
    assert names == ['StringToNumber:0', 'StringUpper:0', 'StringLower:0', 'StaticRegexReplace:0',
                     'StringToHashBucketFast:0', 'StringStrip:0']
