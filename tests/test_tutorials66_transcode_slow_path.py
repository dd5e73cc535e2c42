"""tf.strings.unicode_transcode's errors end as TF 2.21's do for each kind of input.

TF's op wrapper hands a tensor or numpy array to the eager fast path, whose errors end in ' name: '
and the caller's name; a Python str, bytes or list goes through the slow path, whose errors end at
'[Op:UnicodeTranscode]' whatever name was given. tapeflow added the tail to the attr errors
(output_encoding, errors) and to the input-encoding error for every input, and to the 'strict'
decoding error for Python bytes. Goldens: TF 2.21 printed repr(str(e)) of each call
(/work/notes/progs/tutorials66/transcode_err.py, strname.py, and the loop in this file's cases).
"""
import numpy as np
import pytest

import framework as tf

SIGNATURE = ('signature=input:string -> output:string; attr=input_encoding:string; attr=output_encoding:string,'
             'allowed=["UTF-8", "UTF-16-BE", "UTF-32-BE"]; attr=errors:string,default="replace",allowed=["strict", '
             '"replace", "ignore"]; attr=replacement_char:int,default=65533; attr=replace_control_characters:bool,'
             'default=false')
OUTPUT_ATTR = ('Value for attr \'output_encoding\' of "UTF-16-LE" is not in the list of allowed values: "UTF-8", '
               '"UTF-16-BE", "UTF-32-BE"\n\t; NodeDef: {{node UnicodeTranscode}}; Op<name=UnicodeTranscode; '
               + SIGNATURE + '> [Op:UnicodeTranscode]')
ERRORS_ATTR = ('Value for attr \'errors\' of "bad" is not in the list of allowed values: "strict", "replace", '
               '"ignore"\n\t; NodeDef: {{node UnicodeTranscode}}; Op<name=UnicodeTranscode; '
               + SIGNATURE + '> [Op:UnicodeTranscode]')
WRAPPED = '{{function_node __wrapped__UnicodeTranscode_device_/job:localhost/replica:0/task:0/device:CPU:0}} '
NO_CONVERTER = WRAPPED + 'Could not create converter for input encoding: UTF-9 [Op:UnicodeTranscode]'
BAD_BYTES = WRAPPED + 'Invalid formatting on input string [Op:UnicodeTranscode]'


def _message(inputs, **kwargs):
    kwargs = dict(dict(input_encoding='UTF-8', output_encoding='UTF-8'), **kwargs)
    with pytest.raises(tf.errors.InvalidArgumentError) as caught:
        tf.strings.unicode_transcode(inputs, **kwargs)
    return str(caught.value)


@pytest.mark.parametrize('inputs', [b'ab', 'ab', [b'ab'], np.bytes_(b'ab')], ids=['bytes', 'str', 'list', 'np_bytes'])
@pytest.mark.parametrize('name', [None, 'n'])
def test_slow_path_inputs_end_at_the_op(inputs, name):
    assert _message(inputs, output_encoding='UTF-16-LE', name=name) == OUTPUT_ATTR
    assert _message(inputs, input_encoding='UTF-9', name=name) == NO_CONVERTER
    assert _message(inputs, errors='bad', name=name) == ERRORS_ATTR


@pytest.mark.parametrize('name', [None, 'n'])
def test_python_bytes_strict_error_ends_at_the_op(name):
    assert _message(b'\xffab', errors='strict', name=name) == BAD_BYTES
    assert _message([b'\xffab'], errors='strict', name=name) == BAD_BYTES


def test_tensor_and_array_inputs_keep_the_name_tail():
    assert _message(tf.constant(b'ab'), output_encoding='UTF-16-LE') == OUTPUT_ATTR + ' name: '
    assert _message(tf.constant(b'ab'), output_encoding='UTF-16-LE', name='tc') == OUTPUT_ATTR + ' name: tc'
    assert _message(np.array([b'ab']), input_encoding='UTF-9', name='n') == NO_CONVERTER + ' name: n'
    assert _message(tf.constant(b'\xffab'), errors='strict', name='n') == BAD_BYTES + ' name: n'


def test_ragged_input_keeps_an_empty_tail():
    # TF's ragged dispatch runs the op on the flat values without the caller's name
    assert _message(tf.ragged.constant([[b'ab']]), output_encoding='UTF-16-LE', name='n') == OUTPUT_ATTR + ' name: '
