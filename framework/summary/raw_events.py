"""``tf.summary.experimental.write_raw_pb``: write already serialized Summary protos as events."""
import time

import numpy as np

from .. import backend
from ..errors import DataLossError
from ..train.protobuf_wire import fields
from .event_file import _event, _message
from .writer import default_writer, resolve_step, should_record_summaries


def write_raw_pb(tensor, step=None, name=None):
    """Write the serialized ``Summary`` protos in ``tensor`` (a string or strings) as one event at ``step``.

    Returns True when written, False when no writer records. Raises ValueError with no step given or set.
    """
    if not should_record_summaries():
        return False
    step = resolve_step(step, 'tf.summary.experimental.write_raw_pb')
    raw = getattr(tensor, '_data', tensor)
    protos = np.asarray(backend.to_host(raw) if not isinstance(raw, (bytes, str, list, tuple)) else raw, dtype=object)
    protos = [p.encode('utf-8') if isinstance(p, str) else bytes(p) for p in protos.reshape(-1)]
    for index, proto in enumerate(protos):
        try:
            fields(proto)       # raises on a truncated or malformed message
        except Exception:
            raise DataLossError(None, None, 'Bad tf.compat.v1.Summary binary proto tensor string at index %d '
                                '[Op:WriteRawProtoSummary] name: ' % index) from None
    # one event: serialized Summaries concatenated parse as one Summary holding all their values
    default_writer().write_event(_event(time.time(), step, _message(5, b''.join(protos))))
    return True
