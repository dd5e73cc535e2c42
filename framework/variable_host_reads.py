"""A variable's value read into Python under a GradientTape is a read the tape sees, as in TF 2.21.

TensorFlow's ResourceVariable.numpy() (and float(), int(), bool(), print, np.asarray, which go through
it) reads through read_value, whose _read_variable_op calls tape.variable_accessed; assign / assign_add /
assign_sub return a lazy read that calls it too. So a trainable variable printed or converted inside
`with tf.GradientTape() as tape:` is in tape.watched_variables(), though no gradient flows through the
numbers (its gradient stays None). tapeflow's ops note reads when they record (tape.record); these reads
record nothing, so they note the read here, for the calling thread's tapes that watch accessed variables.
"""
from _thread import get_ident


def note_host_read(variable, tapes):
    """Watch ``variable`` on each of ``tapes`` (tape.ACTIVE) recording on this thread, as its first read."""
    if not variable._auto_watch:        # trainable=False at creation: TF's tapes never watch it on a read
        return
    me = get_ident()
    for tape in tuple(tapes):
        if (tape._thread == me and getattr(tape, '_watch_accessed', False) and hasattr(tape, '_watch_read')
                and id(variable) not in tape._tracked):
            tape._watch_read(variable)
