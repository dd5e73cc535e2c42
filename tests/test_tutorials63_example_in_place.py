"""tf.train.Example / SequenceExample built in place and asked HasField, as protobuf's Python API (upb under
TF 2.21) has it: the TFRecord tutorial's ``feature.HasField(...)`` / ``WhichOneof('kind')`` and the idioms
``example.features.feature['x'].int64_list.value.append(v)`` and
``sequence.feature_lists.feature_list['t'].feature.add()``. Expected values are TF 2.21's (printed there by
/work/notes/progs/tutorials63/probes/mutate.py, mutate2.py, hasfield.py, copysem.py)."""
import numpy as np
import pytest

import framework as tf


def _error(fn):
    with pytest.raises(Exception) as info:
        fn()
    return '%s %s' % (type(info.value).__name__, info.value)


def test_example_built_through_map_reads():
    ex = tf.train.Example()
    ex.features.feature['a'].float_list.value.extend([1.0, 2.5])
    ex.features.feature['b'].bytes_list.value.append(b'x')
    ex.features.feature['c'].int64_list.value.append(7)
    ex.features.feature['c'].int64_list.value.extend(np.array([1, 2]))
    # TF 2.21 prints the map in upb's order (keys descending)
    assert str(ex) == ('features {\n  feature {\n    key: "c"\n    value {\n      int64_list {\n        value: 7\n'
                       '        value: 1\n        value: 2\n      }\n    }\n  }\n  feature {\n    key: "b"\n    value {\n'
                       '      bytes_list {\n        value: "x"\n      }\n    }\n  }\n  feature {\n    key: "a"\n'
                       '    value {\n      float_list {\n        value: 1\n        value: 2.5\n      }\n    }\n  }\n}\n')
    assert (len(ex.features.feature), 'q' in ex.features.feature) == (3, False)
    assert ex.features.feature.get('zz') is None and len(ex.features.feature) == 3     # get() makes nothing
    e = ex.features.feature['e']            # a read makes an empty entry
    assert (len(ex.features.feature), e.WhichOneof('kind'), str(e)) == (4, None, '')
    assert ex.SerializeToString(deterministic=True) == (
        b'\n4\n\x11\n\x01a\x12\x0c\x12\n\n\x08\x00\x00\x80?\x00\x00 @\n\n\n\x01b\x12\x05\n\x03\n\x01x\n\x0c\n\x01c'
        b'\x12\x07\x1a\x05\n\x03\x07\x01\x02\n\x05\n\x01e\x12\x00')
    parsed = tf.io.parse_single_example(ex.SerializeToString(), {'c': tf.io.FixedLenFeature([3], tf.int64)})
    assert parsed['c'].numpy().tolist() == [7, 1, 2]
    del ex.features.feature['e']
    assert sorted(ex.features.feature) == ['a', 'b', 'c']
    empty = tf.train.Example()
    empty.features.feature['e']
    assert str(empty) == 'features {\n  feature {\n    key: "e"\n    value {\n    }\n  }\n}\n'


def test_a_change_makes_the_kind():
    f = tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))
    f.float_list.value.append(1.0)          # the oneof moves; int64_list is cleared
    assert (f.WhichOneof('kind'), str(f.int64_list), f.HasField('int64_list')) == ('float_list', '', False)
    assert str(f) == 'float_list {\n  value: 1\n}\n'
    f2 = tf.train.Feature()
    values = f2.float_list                  # a read alone sets nothing
    assert (f2.WhichOneof('kind'), str(f2)) == (None, '')
    values.value.append(3.0)
    assert f2.WhichOneof('kind') == 'float_list'
    f2.float_list.value[0] = 4.0
    assert f2.float_list.value == [4.0]
    f3 = tf.train.Feature()
    f3.bytes_list.value.extend([])          # even an empty change
    assert f3.WhichOneof('kind') == 'bytes_list'
    f4 = tf.train.Feature()
    f4.int64_list.value.insert(0, 5)
    assert str(f4) == 'int64_list {\n  value: 5\n}\n'
    f5 = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0]))
    f5.float_list.value.pop()
    del f5.float_list.value[0]
    assert (f5.WhichOneof('kind'), f5.float_list.value) == ('float_list', [])
    f6 = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0, 2.0]))
    f6.float_list.value[:] = [3.0]
    f6.float_list.value.remove(3.0)
    assert f6.float_list.value == []
    parsed = tf.train.Feature()
    parsed.ParseFromString(tf.train.Feature(int64_list=tf.train.Int64List(value=[1])).SerializeToString())
    parsed.float_list.value.append(2.0)
    assert str(parsed) == 'float_list {\n  value: 2\n}\n'


def test_changes_check_values_as_protobuf():
    f = tf.train.Feature()
    assert _error(lambda: f.float_list.value.append('s')) == 'TypeError must be real number, not str'
    assert _error(lambda: f.float_list.value.extend(['s'])) == 'TypeError must be real number, not str'
    assert _error(lambda: f.int64_list.value.append(True)) == \
        'TypeError Field tensorflow.Int64List.value: Expected an int, got a boolean.'
    assert _error(lambda: f.int64_list.value.append(1.5)) == \
        "TypeError 'float' object cannot be interpreted as an integer"
    assert _error(lambda: f.bytes_list.value.append('str')) == 'TypeError expected bytes, str found'
    assert _error(lambda: f.bytes_list.value.append(1)) == 'TypeError expected bytes, int found'
    g = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]))
    assert _error(lambda: g.float_list.value.__setitem__(0, 'z')) == 'TypeError must be real number, not str'
    assert f.WhichOneof('kind') == 'bytes_list'     # upb moves the oneof before it checks: the last field tried
    h = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]))
    assert _error(lambda: h.int64_list.value.append(1.5)) == "TypeError 'float' object cannot be interpreted as an integer"
    assert (h.WhichOneof('kind'), str(h)) == ('int64_list', 'int64_list {\n}\n')
    ex = tf.train.Example()
    assert _error(lambda: ex.features.feature.__setitem__('x', tf.train.Feature())) == \
        'ValueError Message objects may not be assigned'
    assert _error(lambda: tf.train.Features().feature[1]) == 'TypeError bad argument type for built-in operation'


def test_sequence_example_built_in_place():
    se = tf.train.SequenceExample()
    assert (se.HasField('context'), se.HasField('feature_lists')) == (False, False)
    se.context.feature['length'].int64_list.value.append(3)
    tokens = se.feature_lists.feature_list['tokens']
    for t in [4, 5, 6]:
        tokens.feature.add().int64_list.value.append(t)
    assert str(se) == (
        'context {\n  feature {\n    key: "length"\n    value {\n      int64_list {\n        value: 3\n      }\n'
        '    }\n  }\n}\nfeature_lists {\n  feature_list {\n    key: "tokens"\n    value {\n      feature {\n'
        '        int64_list {\n          value: 4\n        }\n      }\n      feature {\n        int64_list {\n'
        '          value: 5\n        }\n      }\n      feature {\n        int64_list {\n          value: 6\n'
        '        }\n      }\n    }\n  }\n}\n')
    assert (len(tokens.feature), se.HasField('context'), se.HasField('feature_lists')) == (3, True, True)
    context, sequence = tf.io.parse_single_sequence_example(
        se.SerializeToString(), context_features={'length': tf.io.FixedLenFeature([], tf.int64)},
        sequence_features={'tokens': tf.io.FixedLenSequenceFeature([], tf.int64)})
    assert (int(context['length']), sequence['tokens'].numpy().tolist()) == (3, [4, 5, 6])
    fl = tf.train.FeatureList()
    added = fl.feature.add(int64_list=tf.train.Int64List(value=[1]))
    assert str(added) == 'int64_list {\n  value: 1\n}\n'
    fl.feature.append(tf.train.Feature(float_list=tf.train.FloatList(value=[2.0])))
    assert str(fl) == 'feature {\n  int64_list {\n    value: 1\n  }\n}\nfeature {\n  float_list {\n    value: 2\n  }\n}\n'
    assert _error(lambda: fl.feature.add(1)) == 'TypeError No positional arguments allowed'
    assert _error(lambda: fl.feature.append(1)) == 'TypeError Expected a message object, but got 1.'


def test_has_field():
    f = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]))
    ex2 = tf.train.Example(features=tf.train.Features(feature={'a': f}))
    cases = [
        (f, 'float_list', True), (f, 'int64_list', False), (f, 'bytes_list', False), (f, 'kind', True),
        (f, b'kind', True),
        (f, 'value', 'ValueError Protocol message Feature has no "value" field.'),
        (f, 1, 'ValueError Expected a field name, but got non-string argument 1.'),
        (f, None, 'ValueError Expected a field name, but got non-string argument None.'),
        (tf.train.Feature(), 'kind', False),
        (tf.train.Feature(int64_list=tf.train.Int64List()), 'int64_list', True),
        (tf.train.Example(), 'features', False), (ex2, 'features', True),
        (tf.train.Example(), 'feature', 'ValueError Protocol message Example has no "feature" field.'),
        (ex2.features, 'feature', 'ValueError Field tensorflow.Features.feature does not have presence.'),
        (tf.train.FloatList(), 'value', 'ValueError Field tensorflow.FloatList.value does not have presence.'),
        (tf.train.Int64List(), 'value', 'ValueError Field tensorflow.Int64List.value does not have presence.'),
        (tf.train.BytesList(), 'x', 'ValueError Protocol message BytesList has no "x" field.'),
        (tf.train.SequenceExample(), 'x', 'ValueError Protocol message SequenceExample has no "x" field.'),
        (tf.train.FeatureLists(), 'feature_list',
         'ValueError Field tensorflow.FeatureLists.feature_list does not have presence.'),
        (tf.train.FeatureList(), 'feature', 'ValueError Field tensorflow.FeatureList.feature does not have presence.'),
    ]
    for message, name, expected in cases:
        got = _error(lambda: message.HasField(name)) if isinstance(expected, str) else message.HasField(name)
        assert got == expected, (type(message).__name__, name)
    parsed = tf.train.Example()
    parsed.ParseFromString(ex2.SerializeToString())
    assert (parsed.HasField('features'), tf.train.Example.FromString(b'').HasField('features')) == (True, False)
    built = tf.train.Example()
    built.features.feature['z'].int64_list.value.append(3)
    assert (built.HasField('features'), built.features.feature['z'].HasField('int64_list')) == (True, True)


def test_constructors_copy_messages():
    fl = tf.train.FloatList(value=[1.0])
    f = tf.train.Feature(float_list=fl)
    fl.value.append(2.0)
    assert str(f) == 'float_list {\n  value: 1\n}\n'        # TF 2.21's CopyFrom: f keeps its own list
    f.float_list.value.append(3.0)
    assert (fl.value, f.float_list.value) == ([1.0, 2.0], [1.0, 3.0])
    features = tf.train.Features(feature={'a': f})
    f.float_list.value.append(4.0)
    assert features.feature['a'].float_list.value == [1.0, 3.0]
    example = tf.train.Example(features=features)
    features.feature['b'].int64_list.value.append(1)
    assert sorted(example.features.feature) == ['a']


def test_copy_merge_clear_and_size():
    f = tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2]))
    ex = tf.train.Example(features=tf.train.Features(feature={'a': f}))
    assert (ex.ByteSize(), ex.IsInitialized()) == (15, True)            # TF 2.21's
    copied = tf.train.Example()
    copied.CopyFrom(ex)
    assert copied == ex and str(copied) == str(ex)
    copied.Clear()
    assert (str(copied), copied.HasField('features')) == ('', False)
    assert copied.MergeFromString(ex.SerializeToString()) == 15 and copied == ex
    g = tf.train.Feature(int64_list=tf.train.Int64List(value=[1]))
    g.MergeFrom(tf.train.Feature(int64_list=tf.train.Int64List(value=[2, 3])))      # repeated values append
    assert str(g) == 'int64_list {\n  value: 1\n  value: 2\n  value: 3\n}\n'
    g.MergeFrom(tf.train.Feature(float_list=tf.train.FloatList(value=[2.5])))       # another oneof member replaces
    assert (str(g), g.WhichOneof('kind')) == ('float_list {\n  value: 2.5\n}\n', 'float_list')
    merged = tf.train.Example(features=tf.train.Features(feature={'a': f, 'b': g}))
    merged.MergeFrom(tf.train.Example(features=tf.train.Features(feature={'a': g})))     # a map entry is replaced
    assert str(merged.features.feature['a']) == 'float_list {\n  value: 2.5\n}\n'
    assert sorted(merged.features.feature) == ['a', 'b']
    assert _error(lambda: merged.CopyFrom(f)) == (
        "TypeError Parameter to CopyFrom() must be instance of same class: expected <class "
        "'tensorflow.core.example.example_pb2.Example'> got <class 'tensorflow.core.example.feature_pb2.Feature'>.")
    assert _error(lambda: merged.MergeFrom(1)) == (
        "TypeError Parameter to MergeFrom() must be instance of same class: expected <class "
        "'tensorflow.core.example.example_pb2.Example'> got <class 'int'>.")
    values = tf.train.FloatList(value=[1.0])
    values.MergeFrom(tf.train.FloatList(value=[2.0]))
    assert (values.value, values.ByteSize()) == ([1.0, 2.0], 10)
    se = tf.train.SequenceExample()
    se.context.feature['x'].int64_list.value.append(1)
    se2 = tf.train.SequenceExample()
    se2.CopyFrom(se)
    se2.context.feature['y'].bytes_list.value.append(b'q')
    assert (se2.ByteSize(), se.ByteSize(), sorted(se2.context.feature)) == (26, 14, ['x', 'y'])
    se2.Clear()
    assert (str(se2), se2.HasField('context')) == ('', False)
    assert (tf.train.Example().ByteSize(), tf.train.Example(features=tf.train.Features()).ByteSize()) == (0, 2)


def test_fields_are_not_assigned():
    f = tf.train.Feature()
    ex = tf.train.Example()

    def assign(obj, name, value):
        setattr(obj, name, value)
    # TF 2.21's upb texts
    repeated = 'AttributeError Assignment not allowed to map, or repeated field "%s" in protocol message object.'
    message = 'AttributeError Assignment not allowed to message field "%s" in protocol message object.'
    assert _error(lambda: assign(f.float_list, 'value', [1.0])) == repeated % 'value'
    assert _error(lambda: assign(f, 'float_list', tf.train.FloatList())) == message % 'float_list'
    assert _error(lambda: assign(ex, 'features', tf.train.Features())) == message % 'features'
    assert _error(lambda: assign(ex.features, 'feature', {})) == repeated % 'feature'
    assert _error(lambda: assign(tf.train.SequenceExample(), 'context', tf.train.Features())) == message % 'context'
    assert _error(lambda: assign(tf.train.FeatureList(), 'feature', [])) == repeated % 'feature'
    assert (f.WhichOneof('kind'), str(ex)) == (None, '')


def test_clear_field():
    f = tf.train.Feature(int64_list=tf.train.Int64List(value=[1, 2]))
    f.ClearField('float_list')          # another oneof member: nothing to clear
    assert (str(f), f.WhichOneof('kind')) == ('int64_list {\n  value: 1\n  value: 2\n}\n', 'int64_list')
    f.ClearField('kind')
    assert (str(f), f.WhichOneof('kind')) == ('', None)
    g = tf.train.Feature(float_list=tf.train.FloatList(value=[1.0]))
    g.ClearField(b'float_list')
    assert str(g) == ''
    assert _error(lambda: f.ClearField('x')) == 'ValueError Protocol message Feature has no "x" field.'
    assert _error(lambda: f.ClearField(3)) == 'ValueError Expected a field name, but got non-string argument 3.'
    values = tf.train.FloatList(value=[1.0])
    values.ClearField('value')
    assert str(values) == ''
    ex = tf.train.Example(features=tf.train.Features(feature={'a': g}))
    ex.ClearField('features')
    assert (str(ex), ex.HasField('features')) == ('', False)
    features = tf.train.Features(feature={'a': g})
    features.ClearField('feature')
    assert len(features.feature) == 0
    se = tf.train.SequenceExample()
    se.context.feature['x'].int64_list.value.append(1)
    se.feature_lists.feature_list['t'].feature.add()
    se.ClearField('context')
    assert str(se) == ('feature_lists {\n  feature_list {\n    key: "t"\n    value {\n      feature {\n      }\n'
                       '    }\n  }\n}\n')       # TF 2.21's
