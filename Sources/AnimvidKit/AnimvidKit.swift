// AnimvidKit: everything a Swift package needs to build scenes and encode them, in one import.
@_exported import Animation
@_exported import Documents
@_exported import Geometry
@_exported import Jobs
@_exported import Lottie
@_exported import Media
@_exported import Pipeline
@_exported import Raster
@_exported import Scenes
@_exported import Sessions
@_exported import Text
