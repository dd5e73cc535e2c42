"""tf.train.Example / SequenceExample maps print and serialize deterministically in upb's order (TF 2.21).

The tf.data guide prints a parsed TFRecord Example with features 'image/text' and 'label'; TF 2.21 shows
'label' first. upb's map sorter negates memcmp (keys descending, a key before the longer keys it begins), and
its encoder writes the sorted entries back to front for SerializeToString(deterministic=True).
"""
import framework as tf


def _example(keys):
    return tf.train.Example(features=tf.train.Features(feature={
        k: tf.train.Feature(int64_list=tf.train.Int64List(value=[i])) for i, k in enumerate(keys)}))


def _printed_keys(message):
    return [line.strip() for line in str(message).splitlines() if line.strip().startswith('key:')]


def test_guide_example_prints_label_first():
    # TF 2.21 gives this text for the tf.data guide's parsed record (either insertion order).
    want = ('features {\n  feature {\n    key: "label"\n    value {\n      int64_list {\n        value: 0\n'
            '      }\n    }\n  }\n  feature {\n    key: "image/text"\n    value {\n      bytes_list {\n'
            '        value: "text 0"\n      }\n    }\n  }\n}\n')
    for order in (['image/text', 'label'], ['label', 'image/text']):
        feats = {'image/text': tf.train.Feature(bytes_list=tf.train.BytesList(value=[b'text 0'])),
                 'label': tf.train.Feature(int64_list=tf.train.Int64List(value=[0]))}
        ex = tf.train.Example(features=tf.train.Features(feature={k: feats[k] for k in order}))
        assert str(ex) == want
        assert str(tf.train.Example.FromString(ex.SerializeToString())) == want


def test_printed_key_order():
    # TF 2.21's print orders: descending bytes, a prefix before its longer keys, '' first.
    assert _printed_keys(_example(['a', 'b'])) == ['key: "b"', 'key: "a"']
    assert _printed_keys(_example(['aa', 'b', 'c', 'ab', 'a'])) == [
        'key: "c"', 'key: "b"', 'key: "a"', 'key: "ab"', 'key: "aa"']
    assert _printed_keys(_example([str(i) for i in range(12)])) == [
        'key: "9"', 'key: "8"', 'key: "7"', 'key: "6"', 'key: "5"', 'key: "4"', 'key: "3"', 'key: "2"',
        'key: "1"', 'key: "11"', 'key: "10"', 'key: "0"']
    assert _printed_keys(_example(['é', 'z', 'Z', ''])) == ['key: ""', 'key: "é"', 'key: "z"', 'key: "Z"']
    assert _printed_keys(_example(['aa', 'b', 'c', 'ab', 'a']).features) == [
        'key: "c"', 'key: "b"', 'key: "a"', 'key: "ab"', 'key: "aa"']


def test_deterministic_bytes():
    # TF 2.21: SerializeToString(deterministic=True) bytes.
    ex = _example(['aa', 'b', 'c', 'ab', 'a'])
    assert ex.SerializeToString(deterministic=True) == (
        b'\n>\n\x0b\n\x02aa\x12\x05\x1a\x03\n\x01\x00\n\x0b\n\x02ab\x12\x05\x1a\x03\n\x01\x03\n\n\n\x01a\x12'
        b'\x05\x1a\x03\n\x01\x04\n\n\n\x01b\x12\x05\x1a\x03\n\x01\x01\n\n\n\x01c\x12\x05\x1a\x03\n\x01\x02')
    assert _example(['é', 'z', 'Z', '']).SerializeToString(deterministic=True) == (
        b'\n0\n\n\n\x01Z\x12\x05\x1a\x03\n\x01\x02\n\n\n\x01z\x12\x05\x1a\x03\n\x01\x01\n\x0b\n\x02\xc3\xa9'
        b'\x12\x05\x1a\x03\n\x01\x00\n\t\n\x00\x12\x05\x1a\x03\n\x01\x03')
    assert ex.features.SerializeToString(deterministic=True) == ex.SerializeToString(deterministic=True)[2:]
    # Without deterministic the entries keep insertion order (TF's follow its hash table); parsing agrees.
    assert tf.train.Example.FromString(ex.SerializeToString()) == ex


def _int_feature(v):
    return tf.train.Feature(int64_list=tf.train.Int64List(value=[v]))


def test_sequence_example_order():
    se = tf.train.SequenceExample(
        context=tf.train.Features(feature={'b': _int_feature(1), 'ab': _int_feature(2), 'c': _int_feature(1)}),
        feature_lists=tf.train.FeatureLists(feature_list={
            'x': tf.train.FeatureList(feature=[_int_feature(1)]), 'xy': tf.train.FeatureList(feature=[]),
            'w': tf.train.FeatureList(feature=[])}))
    # TF 2.21's text orders context c, b, ab and lists x, xy, w.
    assert _printed_keys(se) == ['key: "c"', 'key: "b"', 'key: "ab"', 'key: "x"', 'key: "xy"', 'key: "w"']
    assert se.SerializeToString(deterministic=True) == (
        b'\n%\n\x0b\n\x02ab\x12\x05\x1a\x03\n\x01\x02\n\n\n\x01b\x12\x05\x1a\x03\n\x01\x01\n\n\n\x01c\x12\x05'
        b'\x1a\x03\n\x01\x01\x12\x1d\n\x05\n\x01w\x12\x00\n\x06\n\x02xy\x12\x00\n\x0c\n\x01x\x12\x07\n\x05\x1a'
        b'\x03\n\x01\x01')
