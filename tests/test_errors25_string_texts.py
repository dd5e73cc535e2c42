"""tf.strings kernels' words for bad arguments (TF 2.21, /work/notes/progs/errors25/h12.py): StringLength's
'unit' attr, StringToNumber's refusal of a number outside the integer type, AsString's checks of precision /
scientific / shortest for integers and bools; ' name: ' only after a tensor argument (TF's fast path)."""
import pytest

import framework as tf

FRAME = '{{function_node __wrapped__%s_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
UNIT = ('Value for attr \'unit\' of "CHAR" is not in the list of allowed values: "BYTE", "UTF8_CHAR"\n\t; NodeDef: '
        '{{node StringLength}}; Op<name=StringLength; signature=input:string -> output:int32; '
        'attr=unit:string,default="BYTE",allowed=["BYTE", "UTF8_CHAR"]> [Op:StringLength]')


@pytest.mark.parametrize('call, text', [
    (lambda: tf.strings.length(tf.constant(['a']), unit='CHAR'), UNIT + ' name: '),
    (lambda: tf.strings.length(['a'], unit='CHAR'), UNIT),
    (lambda: tf.strings.to_number(tf.constant(['99999999999']), out_type=tf.int32),
     FRAME % 'StringToNumber' + 'StringToNumberOp could not correctly convert string: 99999999999 '
                                '[Op:StringToNumber] name: '),
    (lambda: tf.strings.to_number(['-1'], out_type=tf.uint32),
     FRAME % 'StringToNumber' + 'StringToNumberOp could not correctly convert string: -1 [Op:StringToNumber]'),
    (lambda: tf.strings.as_string(tf.constant([1]), precision=2),
     FRAME % 'AsString' + 'precision not supported for datatype int32 [Op:AsString] name: '),
    (lambda: tf.strings.as_string([1], precision=2),
     FRAME % 'AsString' + 'precision not supported for datatype int32 [Op:AsString]'),
    (lambda: tf.strings.as_string(tf.constant([1], tf.int64), shortest=True),
     FRAME % 'AsString' + 'scientific and shortest format not supported for datatype int64 [Op:AsString] name: '),
    (lambda: tf.strings.as_string(tf.constant([True]), precision=2),
     FRAME % 'AsString' + 'precision not supported for datatype bool [Op:AsString] name: '),
])
def test_string_kernels_refuse_in_tensorflows_words(call, text):
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        call()
    assert str(caught.value) == text


def test_values_still_convert():
    assert tf.strings.to_number(['2147483647'], out_type=tf.int32).numpy().tolist() == [2147483647]
    assert tf.strings.as_string(tf.constant([1, 2])).numpy().tolist() == [b'1', b'2']
    assert tf.strings.length(['ab'], unit='UTF8_CHAR').numpy().tolist() == [2]


@pytest.mark.parametrize('value, kind', [(1, 'int'), (2.5, 'float')])
def test_format_of_a_python_number_is_tfs_len_error(value, kind):
    # TF 2.21 wraps only a tensor in a list, then takes len() of the rest
    with pytest.raises(TypeError) as caught:
        tf.strings.format('{}', value)
    assert str(caught.value) == "object of type '%s' has no len()" % kind
    assert tf.strings.format('{}', tf.constant(value)).numpy() == str(value).encode()
