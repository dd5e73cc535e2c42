"""tapeflow's version, where ported programs look for TensorFlow's (``tf.__version__``,
``tf.version.VERSION``, ``keras.__version__``). setup.cfg reads it from here."""
VERSION = '0.1.0'
__version__ = VERSION

# The rest of tf.version, for programs that print it. tapeflow writes no GraphDefs, so their
# versions are 0; the compiler is the one that built this Python.
import platform as _platform  # noqa: E402

GIT_VERSION = 'v' + VERSION
COMPILER_VERSION = _platform.python_compiler()
GRAPH_DEF_VERSION = GRAPH_DEF_VERSION_MIN_CONSUMER = GRAPH_DEF_VERSION_MIN_PRODUCER = 0
