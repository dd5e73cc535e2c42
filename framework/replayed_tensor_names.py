"""A graph tensor's ``name`` read again in a call that TensorFlow would replay from its graph.

TensorFlow runs a tf.function's (or a Keras step's) Python once, on graph tensors: ``y.name`` there
is 'mul:0', and later calls run the graph, not the Python (a ``tf.print(y.name)`` prints the traced
string again). tapeflow runs the Python at every call, on real tensors that only its trace names, so
a later call's read found no name and raised AttributeError where TF 2.21 ran on: a custom
test_step printing ``y_pred.name`` failed at fit's validation after an evaluate had traced it.

The trace remembers, per reading site (code and instruction), the names read there in order; a
replayed call gets them back in the same order (the last again if it reads more).
"""
import sys
import threading

# (code object, instruction offset) -> (token of the trace that read there last, [names, in order])
_SITES = {}
_THREAD = threading.local()     # .call: (the replayed call's muted stdout, {site: reads so far})


def remember(frame, trace, name):
    """The user code of ``frame`` read ``name`` of a graph tensor of ``trace`` (a trace_names.naming)."""
    token = trace.__dict__.get('_name_reads_token')
    if token is None:
        token = trace._name_reads_token = object()
    site = (frame.f_code, frame.f_lasti)
    kept = _SITES.get(site)
    if kept is None or kept[0] is not token:     # a new trace of this code: its reads replace the last's
        kept = _SITES[site] = (token, [])
    kept[1].append(name)


def replayed(frame):
    """The name the trace read at ``frame``'s site, in the order of this replayed call's reads; None
    outside a replay or where no trace read one."""
    from .function import is_replaying
    if not is_replaying():
        return None
    site = (frame.f_code, frame.f_lasti)
    kept = _SITES.get(site)
    if kept is None:
        return None
    call = getattr(_THREAD, 'call', None)
    if call is None or call[0] is not sys.stdout:     # (each replayed call mutes stdout anew)
        call = _THREAD.call = (sys.stdout, {})
    reads = call[1]
    index = reads.get(site, 0)
    reads[site] = index + 1
    names = kept[1]
    return names[min(index, len(names) - 1)]
