"""tf.print during a tf.function's trace, in TensorFlow's order.

TensorFlow traces the whole Python function first (its Python ``print``s show then) and runs the
graph afterwards, so the lines ``tf.print`` writes on a first call follow everything the trace
printed. tapeflow runs the Python once for both: it holds tf.print's writes while a trace runs and
lets them out, in order, when the outermost trace returns. A trace that raises drops them, as
TensorFlow then runs no graph; so does Keras's symbolic call of a layer (a graph only traced).
"""
import contextlib
import threading

_local = threading.local()


@contextlib.contextmanager
def held(run=True):
    """The context of one trace: tf.print's writes inside it wait for its end. ``run=False``
    drops them: a graph that is never run, such as Keras's symbolic call of a layer."""
    outer = getattr(_local, 'held', None)
    _local.held = []
    try:
        yield
    except BaseException:
        _local.held = outer
        raise
    writes, _local.held = _local.held, outer
    for write in writes if run else ():
        emit(write)


@contextlib.contextmanager
def released():
    """Writes made inside come out now, whatever trace holds them: a py_function's Python run inside a
    dataset's spec read as the first element's real call (peeked_script_calls.py)."""
    outer = getattr(_local, 'held', None)
    _local.held = None
    try:
        yield
    finally:
        _local.held = outer


def emit(write):
    """Runs ``write`` (one tf.print's output) now, or once the running trace ends."""
    waiting = getattr(_local, 'held', None)
    if waiting is None:
        write()
    else:
        waiting.append(write)


def graph_output(run):
    """``run()``, whose writes to sys.stdout are the graph's when a trace runs (a py_function's Python, which
    TensorFlow runs with the graph, after the trace's prints): held as a tf.print's are; else as it is."""
    if getattr(_local, 'held', None) is None:
        return run()
    import io
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        result = run()
    text = buffer.getvalue()
    if text:
        import sys
        emit(lambda: sys.stdout.write(text))
    return result
