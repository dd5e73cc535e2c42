"""``tf.summary.trace_on`` / ``trace_off`` / ``trace_export``: record a trace, then write it as a summary.

TensorFlow writes the RunMetadata of the ``tf.function`` graphs run while tracing, under TensorBoard's
'graph_run_metadata_graph' plugin. tapeflow runs functions eagerly and builds no graphs, so the
RunMetadata it writes holds no function graphs: the event, tag and step are TensorFlow's, the graph
TensorBoard shows is empty. ``profiler=True`` drives ``tf.profiler.experimental`` as TensorFlow does:
``trace_on`` starts it when given ``profiler_outdir``, ``trace_export`` stops whichever session runs
(raising UnavailableError when none does), and ``trace_off`` stops it again, logging TF's warning.
"""
import numpy as np

from .. import errors, tf_logging
from ..profiler import experimental as profiling
from ..eager_graph_names import inside_function
from . import events
from .event_file import _message
from .writer import write

_trace = {}     # the active trace's settings ('graph', 'profiler'); empty when tracing is off
_PLUGIN = b'graph_run_metadata_graph'


def trace_on(graph=True, profiler=False, profiler_outdir=None):
    """Start recording the graphs of the functions run from now (and a profile, where there is a profiler)."""
    if inside_function():
        tf_logging.logger().warning('Cannot enable trace inside a tf.function.')
        return
    if _trace:
        tf_logging.logger().warning('Trace already enabled')
        return
    if profiler and profiler_outdir is None:
        tf_logging.logger().warning("No `profiler_outdir` passed to trace_on(). Profiler won't be enabled.")
    elif profiler:
        profiling.start(profiler_outdir)        # AlreadyExistsError leaves tracing off, as in TF
    _trace.update(graph=bool(graph), profiler=bool(profiler))


def trace_off():
    """Stop the trace and drop what it recorded."""
    if _trace.pop('profiler', False):
        try:
            profiling.stop()
        except errors.UnavailableError as error:
            tf_logging.logger().warning('Error while stopping profiler: %s', error)
    _trace.clear()


def trace_export(name, step=None, profiler_outdir=None):
    """Write the trace as summary ``name`` with the default writer, then stop tracing.

    Raises:
        ValueError: no trace started with ``trace_on``; or no step given or set (with a writer).
        UnavailableError: a trace with ``profiler=True`` and no profiler running (tracing stays on, as in TF).
    """
    if not _trace:
        raise ValueError('Must enable trace before export through tf.summary.trace_on.')
    if profiler_outdir and _trace['profiler']:      # (TF 2.21 warns only for a profiler trace)
        tf_logging.logger().warning('Ignoring `profiler_outdir` passed to trace_export(). Please pass it to '
                                    'trace_on() instead.')
    if _trace['graph'] and not _trace['profiler']:
        meta = _message(1, _message(1, _PLUGIN) + _message(2, b'1'))
        run_metadata = np.array(b'', dtype=object)      # RunMetadata with no function graphs (see the module doc)
        write(name, events.tensor_proto(run_metadata), meta, step, 'tf.summary.trace_export')
    if _trace['profiler']:
        profiling.stop()
    trace_off()
