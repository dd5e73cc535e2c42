"""tf.strings.unicode_script: the ICU script code (UScriptCode) of each int32 code point.

Codes come from the table in unicode_script_table.py (25 Latin, 8 Cyrillic, 17 Han, 0 Common, ...);
as TensorFlow, a value outside [0, 0x10FFFF] gives -1 and an unassigned code point 103 (Unknown).
A RaggedTensor of code points (what unicode_decode returns) keeps its rows.
"""
import numpy as np

from . import backend
from .errors import OpError, noted
from .given_op_name import given_name
from .ragged.ragged_tensor import RaggedTensor
from .tensor import Tensor, convert_to_tensor
from .unicode_script_table import script_runs


def unicode_script(input, name=None):  # noqa: A002  (TensorFlow's argument name)
    """The script code of each code point of ``input`` (an int32 tensor or RaggedTensor), int32.

    Raises:
        InvalidArgumentError: ``input`` is a tensor but not int32 (TensorFlow takes no other dtype).
    """
    try:
        if isinstance(input, RaggedTensor):
            return input.with_flat_values(unicode_script(input.flat_values))
        if isinstance(input, Tensor):
            points = input
            if points._data.dtype != np.int32:     # the kernel's dtype error, as TF's op wrapper hands tensors on
                from .ops.graph_input_errors import eager_input_error
                raise noted(eager_input_error('UnicodeScript', 0, 'int32', points.dtype),
                            'unicode_script: expected an int32 tensor of code points, got dtype %s (shape %s); cast it '
                            'with tf.cast(x, tf.int32) or decode strings with tf.strings.unicode_decode first'
                            % (points.dtype.name, tuple(points.shape)))
        else:       # TF converts anything else to int32: 'abc' and 65.5 are that conversion's TypeError
            try:
                points = convert_to_tensor(input, dtype='int32')
            except (TypeError, ValueError) as err:
                raise noted(err, 'unicode_script: cannot use %.80r (of type %s) as an int32 tensor of code points'
                            % (input, type(input).__name__))
        values = backend.to_host(points._data).astype(np.int64)
        starts, codes = script_runs()
        inside = (values >= 0) & (values <= 0x10FFFF)
        found = codes[np.searchsorted(starts, np.where(inside, values, 0), side='right') - 1]
        xp = backend.array_module(points._data)
        return Tensor(xp.asarray(np.where(inside, found, np.int32(-1)).astype(np.int32)))
    except OpError as error:
        given_name(error, name)
        raise
